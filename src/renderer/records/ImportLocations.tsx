// The import wizard's location step: each distinct location text of the file with its match in
// the tree (by full path, by segments written together, by a unique last segment). The user keeps
// the match or picks another node; a text without a match becomes a new node only when the user
// says so, under the node the user picks (top level by default).
import { useEffect, useState } from 'react';
import { Button, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import type { ImportLocationChoice, ImportLocationText } from '../../shared/records';
import type { LocationNode } from '../../shared/stock';

/** A text's decision: an existing node, a new node under `parent` (null: top level), or none yet. */
export type LocationDecision = { node: number } | { parent: number | null } | undefined;
export type LocationDecisions = Record<string, LocationDecision>;

const NEW = -1;
const TOP = 0;

/** The matches as the first decisions (a text without a match stays undecided). */
export function initialDecisions(texts: ImportLocationText[]): LocationDecisions {
  return Object.fromEntries(texts.map((t) => [t.text, t.match ? { node: t.match.id } : undefined]));
}

export function undecided(texts: ImportLocationText[], d: LocationDecisions): number {
  return texts.filter((t) => !d[t.text]).length;
}

/** The commit's `locations`. */
export function choicesOf(texts: ImportLocationText[], d: LocationDecisions): ImportLocationChoice[] {
  return texts.flatMap((t): ImportLocationChoice[] => {
    const x = d[t.text];
    if (!x) return [];
    return 'node' in x ? [{ text: t.text, location_id: x.node }] : [{ text: t.text, create: true, parent_id: x.parent }];
  });
}

export function ImportLocations({ texts, decisions, onChange }: { texts: ImportLocationText[]; decisions: LocationDecisions; onChange: (d: LocationDecisions) => void }) {
  const { t } = useTranslation();
  const [nodes, setNodes] = useState<LocationNode[]>([]);
  useEffect(() => {
    call('listLocations', {}).then(setNodes, () => setNodes([]));
  }, []);
  const nodeOptions = nodes.map((n) => ({ value: n.id, label: n.path }));
  const set = (text: string, d: LocationDecision) => onChange({ ...decisions, [text]: d });
  const open = undecided(texts, decisions);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="import-locations">
      <Space>
        <Typography.Title level={5} style={{ margin: 0 }}>{t('records.import.loc.title', { count: texts.length })}</Typography.Title>
        {open > 0 && <Typography.Text type="warning" data-testid="import-locations-open">{t('records.import.loc.undecided', { count: open })}</Typography.Text>}
        {open > 0 && (
          <Button size="small" data-testid="import-locations-create-rest" onClick={() => onChange(Object.fromEntries(texts.map((x) => [x.text, decisions[x.text] ?? { parent: null }])))}>
            {t('records.import.loc.createRest')}
          </Button>
        )}
      </Space>
      <Table
        size="small"
        rowKey="text"
        pagination={texts.length > 8 ? { pageSize: 8 } : false}
        dataSource={texts}
        columns={[
          { key: 'text', dataIndex: 'text', title: t('records.import.loc.text'), width: 190 },
          { key: 'rows', dataIndex: 'rows', title: t('records.import.loc.rows'), width: 60 },
          {
            key: 'match',
            title: t('records.import.loc.match'),
            width: 110,
            render: (_: unknown, r: ImportLocationText) =>
              r.match ? <Tag color="green">{t(`records.import.loc.by.${r.match.by}`)}</Tag> : <Tag color="orange">{t(r.candidates.length ? 'records.import.loc.ambiguous' : 'records.import.loc.none')}</Tag>,
          },
          {
            key: 'choice',
            title: t('records.import.loc.choice'),
            render: (_: unknown, r: ImportLocationText) => {
              const d = decisions[r.text];
              const value = d === undefined ? undefined : 'node' in d ? d.node : NEW;
              // Candidates first when several nodes match equally well.
              const first = r.candidates.map((c) => c.id);
              const options = [...nodeOptions.filter((o) => first.includes(o.value)), ...nodeOptions.filter((o) => !first.includes(o.value)), { value: NEW, label: t('records.import.loc.newNode') }];
              return (
                <Space wrap size={4}>
                  <Select
                    size="small"
                    showSearch
                    optionFilterProp="label"
                    style={{ width: 300 }}
                    placeholder={t('records.import.loc.pick')}
                    aria-label={t('records.import.loc.choiceFor', { text: r.text })}
                    value={value}
                    options={options}
                    onChange={(v: number) => set(r.text, v === NEW ? { parent: null } : { node: v })}
                  />
                  {d && 'parent' in d && (
                    <Select
                      size="small"
                      showSearch
                      optionFilterProp="label"
                      style={{ width: 240 }}
                      aria-label={t('records.import.loc.parentFor', { text: r.text })}
                      value={d.parent ?? TOP}
                      options={[{ value: TOP, label: t('records.import.loc.topLevel') }, ...nodeOptions]}
                      onChange={(v: number) => set(r.text, { parent: v === TOP ? null : v })}
                    />
                  )}
                </Space>
              );
            },
          },
        ]}
      />
    </Space>
  );
}
