// Review drafts: what the user edits per batch item before it becomes an order. Pure functions so
// the rules are tested without a browser: `pending` preselects no form and can never be sent;
// switching type keeps the other form's edits; request bodies carry only real order fields and
// the item's import reference (which makes the order request idempotent per item).
import type { BatchItem } from '../../shared/cart-batch';
import type { ImportRef } from '../../shared/contract';

export type OrderType = 'reagent' | 'consumable';

export interface ReagentValues {
  name: string;
  english_name: string;
  cas_number: string;
  cas_override: boolean;
  specification: string;
  quantity: number | null;
  unit_price: number | null;
  brand: string;
  category: string;
  product_number: string;
  hazardous: boolean;
  notes: string;
  /** Where it is bought: the cart's site (stock-in copies it to the item). */
  supplier: string;
}

export interface ConsumableValues {
  name: string;
  specification: string;
  quantity: number | null;
  unit_price: number | null;
  communication: string;
  notes: string;
}

export interface ItemDraft {
  /** null while the item is `pending`: no form, no submit. */
  order_type: OrderType | null;
  reagent: ReagentValues;
  consumable: ConsumableValues;
}

/** The cart sites the extension knows, by its adapter id, as a lab writes them (both names: searchable either way). */
const SUPPLIER_NAMES: Record<string, string> = { macklin: '麦克林 Macklin', aladdin: '阿拉丁 Aladdin' };

export function supplierName(id: string): string {
  return Object.hasOwn(SUPPLIER_NAMES, id) ? SUPPLIER_NAMES[id]! : id;
}

export function initialDraft(item: BatchItem): ItemDraft {
  return {
    order_type: item.order_type === 'pending' ? null : item.order_type,
    reagent: {
      name: item.name,
      english_name: item.english_name,
      cas_number: item.cas_number,
      cas_override: false,
      specification: item.specification,
      quantity: item.quantity,
      unit_price: item.unit_price,
      brand: item.brand,
      category: '',
      product_number: item.product_id,
      hazardous: item.hazardous,
      notes: '',
      supplier: supplierName(item.supplier),
    },
    consumable: {
      name: item.name,
      specification: item.specification,
      quantity: item.quantity,
      unit_price: item.unit_price,
      communication: '',
      notes: [item.brand, item.product_id].filter(Boolean).join(' '),
    },
  };
}

/** Switching type keeps both forms' values; only the selection changes. */
export function switchType(d: ItemDraft, type: OrderType): ItemDraft {
  return { ...d, order_type: type };
}

const opt = (s: string) => (s.trim() === '' ? undefined : s.trim());

export type SubmitRequest =
  | { op: 'createReagentOrder'; input: Record<string, unknown> }
  | { op: 'createConsumableOrder'; input: Record<string, unknown> };

/** The request for the chosen type, or null while pending (nothing may be sent). */
export function submitRequest(d: ItemDraft, import_ref: ImportRef): SubmitRequest | null {
  if (d.order_type === 'reagent') {
    const r = d.reagent;
    return {
      op: 'createReagentOrder',
      input: {
        name: r.name.trim(),
        english_name: opt(r.english_name),
        cas_number: opt(r.cas_number),
        ...(r.cas_override ? { cas_override: true } : {}),
        specification: opt(r.specification),
        quantity: r.quantity,
        unit_price: r.unit_price ?? undefined,
        brand: opt(r.brand),
        category: opt(r.category),
        product_number: opt(r.product_number),
        hazardous: r.hazardous,
        notes: opt(r.notes),
        // drafts saved before the field existed have none
        supplier: opt(r.supplier ?? ''),
        import_ref,
      },
    };
  }
  if (d.order_type === 'consumable') {
    const c = d.consumable;
    return {
      op: 'createConsumableOrder',
      input: {
        name: c.name.trim(),
        specification: opt(c.specification),
        quantity: c.quantity,
        unit_price: c.unit_price ?? undefined,
        communication: opt(c.communication),
        notes: opt(c.notes),
        import_ref,
      },
    };
  }
  return null;
}

/** English name from existing records with the same CAS, only where the user left it empty. */
export function withEnglishName(d: ItemDraft, englishName: string): ItemDraft {
  if (!englishName || d.reagent.english_name.trim()) return d;
  return { ...d, reagent: { ...d.reagent, english_name: englishName } };
}

/** Unsubmitted edits survive a reload of the review screen (per batch, in this browser). */
export const draftStorageKey = (batchId: string) => `lab.cartImport.drafts.${batchId}`;
