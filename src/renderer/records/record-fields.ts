// What the record form shows for each kind: the fields in order, their input widget, and the
// contract schema their rules come from (app/schema-rules.ts): no limit is written here.
import { consumableCreateInput, inventoryCreateInput, reagentCreateInput } from '../../shared/contract/records';

export type RecordKind = 'inventory' | 'reagent' | 'consumable';

export interface FieldDef {
  name: string;
  /** `location`: a node of the location tree (locations/LocationPicker), sent as its id. */
  type: 'text' | 'number' | 'bool' | 'textarea' | 'location';
}

export const FORM_SCHEMAS = { inventory: inventoryCreateInput, reagent: reagentCreateInput, consumable: consumableCreateInput } as const;

const text = (name: string): FieldDef => ({ name, type: 'text' });
const number = (name: string): FieldDef => ({ name, type: 'number' });
const area = (name: string): FieldDef => ({ name, type: 'textarea' });

export const FIELDS: Record<RecordKind, FieldDef[]> = {
  inventory: [
    text('name'),
    text('english_name'),
    text('cas_number'),
    text('specification'),
    number('quantity'),
    text('unit'),
    { name: 'location_id', type: 'location' },
    text('brand'),
    text('category'),
    text('product_number'),
    { name: 'hazardous', type: 'bool' },
  ],
  reagent: [
    text('name'),
    text('english_name'),
    text('cas_number'),
    text('specification'),
    number('quantity'),
    number('unit_price'),
    text('brand'),
    text('category'),
    text('product_number'),
    { name: 'hazardous', type: 'bool' },
    area('notes'),
  ],
  consumable: [text('name'), text('specification'), number('quantity'), number('unit_price'), area('communication'), area('notes')],
};
