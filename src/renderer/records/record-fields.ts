// What the record form shows for each kind: the fields in order, their input widget, and the
// contract schema their rules come from (app/schema-rules.ts): no limit is written here.
import { consumableCreateInput, inventoryCreateInput, reagentCreateInput } from '../../shared/contract/records';

export type RecordKind = 'inventory' | 'reagent' | 'consumable';

export interface FieldDef {
  name: string;
  /** unit: a measuring or count unit (offered, free text allowed); container: the container's
   *  word; date: a calendar day (YYYY-MM-DD); ghs: GHS pictogram codes; location: a node of the
   *  location tree (locations/LocationPicker), sent as its id. */
  type: 'text' | 'number' | 'bool' | 'textarea' | 'unit' | 'container' | 'date' | 'ghs' | 'location';
  /** Half the form's width (the inventory form puts two fields on a line). */
  half?: boolean;
}

export const FORM_SCHEMAS = { inventory: inventoryCreateInput, reagent: reagentCreateInput, consumable: consumableCreateInput } as const;

const text = (name: string): FieldDef => ({ name, type: 'text' });
const number = (name: string): FieldDef => ({ name, type: 'number' });
const area = (name: string): FieldDef => ({ name, type: 'textarea' });
const half = (f: FieldDef): FieldDef => ({ ...f, half: true });
const date = (name: string): FieldDef => ({ name, type: 'date', half: true });

export const FIELDS: Record<RecordKind, FieldDef[]> = {
  inventory: [
    half(text('name')),
    half(text('english_name')),
    half(text('cas_number')),
    half(text('specification')),
    // quantity + unit, then one container's size and word ("3 瓶 × 500 g"): RecordForm lays these
    // four out as the amount block, with a container count that fills in the quantity.
    number('quantity'),
    { name: 'unit', type: 'unit' },
    { name: 'container_label', type: 'container' },
    number('container_size'),
    { name: 'location_id', type: 'location' },
    half(text('brand')),
    half(text('product_number')),
    half(text('category')),
    half(text('supplier')),
    half(text('lot_number')),
    date('expiry_date'),
    date('received_date'),
    date('opened_date'),
    half(number('min_stock')),
    half({ name: 'hazardous', type: 'bool' }),
    { name: 'ghs', type: 'ghs' },
    area('notes'),
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
    text('supplier'),
    area('notes'),
  ],
  consumable: [text('name'), text('specification'), number('quantity'), number('unit_price'), area('communication'), area('notes')],
};
