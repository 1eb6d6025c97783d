// Review-draft rules: pending preselects nothing and sends nothing; switching keeps edits; request
// bodies are what the order schemas accept and name the batch item; English name only fills an empty field.
import { describe, expect, it } from 'vitest';
import { initialDraft, submitRequest, switchType, withEnglishName } from '../../src/renderer/cart-import/drafts';
import { consumableCreateInput, reagentCreateInput } from '../../src/shared/contract/records';
import { item } from './helpers';

const ref = { batch_id: 'batch-0001', item_id: 'item-1' };

describe('review drafts', () => {
  it('a pending item has no form and produces no request', () => {
    const d = initialDraft(item(1, { order_type: 'pending', suggested_order_type: 'pending', cas_number: '', classification_reason: 'no_cas' }));
    expect(d.order_type).toBeNull();
    expect(submitRequest(d, ref)).toBeNull();
  });

  it('switching type keeps the unsubmitted edits of both forms', () => {
    let d = initialDraft(item(1));
    d = { ...d, reagent: { ...d.reagent, notes: 'for Prof. Wang' } };
    d = switchType(d, 'consumable');
    d = { ...d, consumable: { ...d.consumable, communication: 'call 1234' } };
    d = switchType(d, 'reagent');
    expect(d.reagent.notes).toBe('for Prof. Wang');
    expect(d.consumable.communication).toBe('call 1234');
  });

  it('builds bodies the order schemas accept, without draft-only fields', () => {
    const d = initialDraft(item(1, { english_name: 'Ethanol', unit_price: null }));
    const r = submitRequest(d, ref)!;
    expect(r.op).toBe('createReagentOrder');
    expect(reagentCreateInput.safeParse(r.input).success).toBe(true);
    expect(r.input).not.toHaveProperty('order_type');
    expect(r.input).toMatchObject({ import_ref: ref, name: '试剂1', cas_number: '64-17-5', product_number: 'FX-1', brand: '化试通', quantity: 1, hazardous: false });
    const c = submitRequest(switchType(d, 'consumable'), ref)!;
    expect(c.op).toBe('createConsumableOrder');
    expect(consumableCreateInput.safeParse(c.input).success).toBe(true);
    expect(c.input).toEqual({ name: '试剂1', specification: 'AR 500mL', quantity: 1, unit_price: undefined, communication: undefined, notes: '化试通 FX-1', import_ref: ref });
  });

  it('carries the batch item\'s supplier into the reagent order (known cart sites by their names)', () => {
    expect(submitRequest(initialDraft(item(1)), ref)!.input).toMatchObject({ supplier: 'fixture' });
    expect(submitRequest(initialDraft(item(1, { supplier: 'macklin' })), ref)!.input).toMatchObject({ supplier: '麦克林 Macklin' });
    const edited = initialDraft(item(1, { supplier: 'aladdin' }));
    expect(submitRequest({ ...edited, reagent: { ...edited.reagent, supplier: '  ' } }, ref)!.input.supplier).toBeUndefined();
    // A draft saved in this browser before the field existed still submits.
    const old = initialDraft(item(1));
    const { supplier: _gone, ...withoutSupplier } = old.reagent;
    expect(reagentCreateInput.safeParse(submitRequest({ ...old, reagent: withoutSupplier as typeof old.reagent }, ref)!.input).success).toBe(true);
  });

  it('fills the English name from records only when empty', () => {
    const empty = initialDraft(item(1));
    expect(withEnglishName(empty, 'Ethanol').reagent.english_name).toBe('Ethanol');
    const typed = { ...empty, reagent: { ...empty.reagent, english_name: 'Alcohol' } };
    expect(withEnglishName(typed, 'Ethanol')).toBe(typed);
    expect(withEnglishName(empty, '')).toBe(empty);
  });
});
