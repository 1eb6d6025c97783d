// One label as HTML/SVG in mm (print page and the dialog's preview): the same content and line
// order as the PDF (shared/labels.ts), the QR code drawn from the same dark runs (shared/qr-modules.ts).
// Lines that are too long end in an ellipsis; lines that do not fit the height are clipped.
import { useMemo } from 'react';
import { qrDrawing } from '../../shared/qr-modules';
import { GHS_PICTOGRAMS } from '../../shared/stock';
import { LABEL_LINE_PT, labelLayout, labelLines, type LabelContent, type LabelGeometry } from '../../shared/labels';
import type { LabelLanguage } from '../../shared/record-labels';
import { GhsIcon } from '../records/GhsIcon';

const PX_PER_MM = 96 / 25.4;

/** The QR code as one SVG path: dark runs of each row. */
export function QrSvg({ payload, sizeMm }: { payload: string; sizeMm: number }) {
  const { d, n } = useMemo(() => {
    const qr = qrDrawing(payload);
    return { d: qr.runs.map((r) => `M${r.x} ${r.y}h${r.width}v1h${-r.width}Z`).join(''), n: qr.side };
  }, [payload]);
  return (
    <svg width={`${sizeMm}mm`} height={`${sizeMm}mm`} viewBox={`0 0 ${n} ${n}`} shapeRendering="crispEdges" role="img" aria-label={payload} data-testid="label-qr" style={{ flex: 'none', background: '#fff' }}>
      <path d={d} fill="#000" />
    </svg>
  );
}

export function LabelView({ content, geometry, lang }: { content: LabelContent; geometry: Pick<LabelGeometry, 'width' | 'height'>; lang: LabelLanguage }) {
  const { width: w, height: h } = geometry;
  const ghs = GHS_PICTOGRAMS.filter((g) => content.ghs.includes(g));
  const { pad, qr, ghs: ghsMm, scale } = labelLayout(w, h, ghs.length);
  return (
    <div
      className="lab-label"
      data-testid="label"
      data-payload={content.payload}
      style={{ width: `${w}mm`, height: `${h}mm`, boxSizing: 'border-box', padding: `${pad}mm ${pad}mm ${pad}mm ${pad / 2}mm`, display: 'flex', alignItems: 'center', gap: '1mm', overflow: 'hidden', background: '#fff', color: '#000' }}
    >
      <QrSvg payload={content.payload} sizeMm={qr} />
      <div style={{ flex: 1, minWidth: 0, height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
        <div style={{ flex: 1, minHeight: 0, overflow: 'hidden' }}>
          {labelLines(content, lang).map((l) => (
            <div key={l.kind} data-line={l.kind} style={{ fontSize: `${LABEL_LINE_PT[l.kind] * scale}pt`, lineHeight: 1.18, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', color: l.kind === 'controlled' ? '#c00000' : undefined }}>
              {l.text}
            </div>
          ))}
        </div>
        {ghs.length > 0 && (
          <div style={{ display: 'flex', flex: 'none' }}>
            {ghs.map((g) => (
              <GhsIcon key={g} code={g} size={Math.floor(ghsMm * PX_PER_MM)} />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
