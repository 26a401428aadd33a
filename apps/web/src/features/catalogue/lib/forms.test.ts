import { serviceBody, variantsBody } from '@app/shared/schemas/catalogue';
import { describe, expect, it } from 'vitest';
import { combinationLabel, emptyServiceForm, formToServiceBody, mergeCombinations, moneyToMinor, moveItem } from './forms';

describe('moneyToMinor', () => {
  it('converts typed major units by the currency digits', () => {
    expect(moneyToMinor(12.5, 'SAR')).toBe(1250);
    expect(moneyToMinor('1.250', 'KWD')).toBe(1250);
    expect(moneyToMinor(1250, 'IQD')).toBe(1250);
    expect(moneyToMinor('', 'SAR')).toBeUndefined();
    expect(moneyToMinor('1.255', 'SAR')).toBeNaN();
  });
});

describe('service form', () => {
  it('builds a body the shared schema accepts, dropping the deposit while it is off', () => {
    const body = formToServiceBody({ ...emptyServiceForm(), name: 'Beard trim', category_id: '0b7c6a3e-5d0f-4c1e-9a7b-2f1d3e4c5b6a', price: 35, buffer_time: '10', deposit_amount: 5 }, 'SAR');
    expect(body).toMatchObject({ price: 3500, duration: 30, buffer_time: 10, deposit_enabled: false, deposit_amount: 0, slug: null });
    expect(serviceBody.safeParse(body).success).toBe(true);
  });

  it('reports the deposit above the price on the deposit field', () => {
    const body = formToServiceBody(
      { ...emptyServiceForm(), name: 'Beard trim', category_id: '0b7c6a3e-5d0f-4c1e-9a7b-2f1d3e4c5b6a', price: 35, deposit_enabled: true, deposit_amount: 40 },
      'SAR',
    );
    const res = serviceBody.safeParse(body);
    expect(res.success).toBe(false);
    expect(res.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['deposit_amount', 'deposit_lte_price']]);
  });
});

describe('mergeCombinations', () => {
  const options = [
    { name: 'Size', values: ['S', 'M'] },
    { name: 'Colour', values: ['Red', 'Blue'] },
  ];

  it('makes every combination of the options, in order', () => {
    const grid = mergeCombinations(options, [], 10);
    expect(grid.map((c) => combinationLabel(c, options))).toEqual(['S / Red', 'S / Blue', 'M / Red', 'M / Blue']);
    expect(grid[0]).toEqual({ options: { Size: 'S', Colour: 'Red' }, price: 10, stock: 0 });
    expect(variantsBody.safeParse({ options, combinations: grid.map((c) => ({ ...c, price: 1000, stock: 1 })) }).success).toBe(true);
  });

  it('keeps what was typed for combinations that still exist', () => {
    const first = mergeCombinations(options, [], 10).map((c, i) => ({ ...c, stock: i + 1 }));
    const grown = mergeCombinations([options[0] as never, { name: 'Colour', values: ['Red', 'Blue', 'Green'] }], first, 10);
    expect(grown).toHaveLength(6);
    expect(grown.find((c) => c.options.Size === 'M' && c.options.Colour === 'Blue')?.stock).toBe(4);
    expect(grown.find((c) => c.options.Colour === 'Green')?.stock).toBe(0);
  });

  it('ignores options without a name or values; none gives no combinations', () => {
    expect(mergeCombinations([{ name: '', values: ['x'] }, { name: 'Size', values: [] }], [], 1)).toEqual([]);
  });
});

describe('moveItem', () => {
  it('moves an item, and ignores moves out of range', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});
