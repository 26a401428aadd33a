/**
 * VAT rounding, the one place it happens (DESIGN §4 Money; ZATCA's rules, issue 16).
 *
 * ZATCA computes each VAT category's tax from the category's taxable amount, once:
 * BT-117 = round(BT-116 × rate) (BR-S-09), the document's VAT is the sum of its categories (BR-CO-14)
 * and its total with VAT is the total without plus that VAT (BR-CO-15). Peers that summed each line's
 * own rounded VAT instead were rejected by a halala or two (4.54 against 4.56). Here the category's
 * VAT is computed first and then shared out to its lines, each line getting its own exact VAT rounded
 * down or up (never further than one minor unit from it), so that:
 *
 *   - the lines' VAT adds up to the category's exactly, and the category's is what ZATCA recomputes;
 *   - a line's amount with VAT is its net plus its VAT (BR-KSA-51);
 *   - the document's totals are sums of its lines, so what the order charged is what the invoice says.
 *
 * Amounts are integer minor units; rates are basis points (15 % = 1500). Halves round away from zero.
 */

/** `numerator / denominator` rounded half away from zero (integers; denominator > 0). */
export function divRound(numerator: number, denominator: number): number {
  const q = Math.trunc(numerator / denominator);
  const r = numerator - q * denominator;
  if (2 * Math.abs(r) >= denominator) return q + Math.sign(numerator);
  return q;
}

/** One taxable amount of a group (a line's or a charge's net) and the exact tax it would carry alone. */
type Member = { index: number; net: number };

/**
 * The VAT of one category (one rate) over `nets`, and each net's share: shares add up to the total,
 * each is its own exact VAT rounded down or up, and the total is round(Σ nets × rate).
 */
export function apportionTax(nets: readonly number[], rateBps: number): { total: number; shares: number[] } {
  if (!Number.isSafeInteger(rateBps) || rateBps < 0) throw new RangeError(`rate must be non-negative basis points, got ${rateBps}`);
  const members: Member[] = nets.map((net, index) => {
    if (!Number.isSafeInteger(net)) throw new RangeError(`net must be an integer of minor units, got ${net}`);
    return { index, net };
  });
  const exactTimes = members.map((m) => m.net * rateBps); // exact tax × 10 000
  const total = divRound(
    exactTimes.reduce((a, b) => a + b, 0),
    10_000,
  );
  const shares = exactTimes.map((x) => divRound(x, 10_000));
  let diff = total - shares.reduce((a, b) => a + b, 0);
  if (diff !== 0) {
    // How far each share sits below its exact value (× 10 000): positive means rounded down.
    const room = exactTimes.map((x, i) => x - shares[i]! * 10_000);
    const order = room.map((r, i) => [r, i] as const);
    if (diff > 0) {
      order.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
      for (const [r, i] of order) {
        if (diff === 0 || r <= 0) break;
        shares[i]! += 1;
        diff -= 1;
      }
    } else {
      order.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      for (const [r, i] of order) {
        if (diff === 0 || r >= 0) break;
        shares[i]! -= 1;
        diff += 1;
      }
    }
    if (diff !== 0) throw new Error('apportionTax: shares could not reach the category total');
  }
  return { total, shares };
}

export type TaxRate = { id: string | null; name: string; rateBps: number };

/** A taxable amount (a line or a charge) with the taxes it carries. */
export type TaxedAmount = { net: number; taxes: readonly TaxRate[] };

export type TaxGroup = TaxRate & { taxable: number; amount: number };

/**
 * The taxes of a document: one group per tax (id and rate), each computed on the group's summed nets
 * and shared out to the amounts that carry it. `amounts[i].taxes[j]` gets `perAmount[i][j]`.
 */
export function taxDocument(amounts: readonly TaxedAmount[]): { groups: TaxGroup[]; perAmount: number[][] } {
  const keyOf = (t: TaxRate) => `${t.id ?? ''}\u0000${t.rateBps}`;
  const groups = new Map<string, { rate: TaxRate; refs: [number, number][]; nets: number[] }>();
  for (const [i, a] of amounts.entries()) {
    for (const [j, tax] of a.taxes.entries()) {
      const key = keyOf(tax);
      let g = groups.get(key);
      if (!g) {
        g = { rate: tax, refs: [], nets: [] };
        groups.set(key, g);
      }
      g.refs.push([i, j]);
      g.nets.push(a.net);
    }
  }
  const perAmount = amounts.map((a) => a.taxes.map(() => 0));
  const out: TaxGroup[] = [];
  for (const g of groups.values()) {
    const { total, shares } = apportionTax(g.nets, g.rate.rateBps);
    for (const [k, [i, j]] of g.refs.entries()) perAmount[i]![j] = shares[k]!;
    out.push({ ...g.rate, taxable: g.nets.reduce((a, b) => a + b, 0), amount: total });
  }
  return { groups: out, perAmount };
}

/**
 * The standard rate an order's charges (fees, the transport fee) carry: none when no line is taxed,
 * else the highest tax its lines carry (the first by name among equals). Saudi VAT taxes a delivery
 * or service charge as part of the supply, and ZATCA refuses an invoice that mixes "not subject to
 * VAT" amounts with taxed ones (BR-O-11), so a taxed order's charges are taxed too (docs/decisions.md).
 */
export function chargeTaxOf(lineTaxes: readonly (readonly TaxRate[])[]): TaxRate | null {
  let best: TaxRate | null = null;
  for (const taxes of lineTaxes)
    for (const t of taxes) {
      if (t.rateBps <= 0) continue;
      if (!best || t.rateBps > best.rateBps || (t.rateBps === best.rateBps && t.name < best.name)) best = t;
    }
  return best;
}
