// The reference hints inside a record form: they follow the form's CAS field as it is typed, and on
// a form with pictograms (`ghs`) they compare and, on the user's click only, set them (with the
// hazardous flag the pictograms imply: shared/stock.ts hazardousWith).
import type { FormInstance } from 'antd';
import { Form } from '../app/Form';
import { hazardousWith, type GhsPictogram } from '../../shared/stock';
import { ReferenceHints } from './ReferenceHints';

export function FormReferenceHints({ form, pictograms }: { form: FormInstance; pictograms: boolean }) {
  const cas = Form.useWatch('cas_number', form) as string | undefined;
  const ghs = Form.useWatch('ghs', form) as string[] | undefined;
  if (!pictograms) return <ReferenceHints cas={cas} />;
  const accept = (codes: GhsPictogram[]) => form.setFieldsValue({ ghs: codes, hazardous: hazardousWith(codes, form.getFieldValue('hazardous') as boolean | undefined) });
  return <ReferenceHints cas={cas} pictograms={ghs ?? []} onAccept={accept} />;
}
