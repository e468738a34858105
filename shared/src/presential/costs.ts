/**
 * The costs of a face-to-face training (spec 3 §3 "Costs": cost per event, expected cost per
 * participant; additional costs with quantity, unitary value, individual value and payment
 * installments; expected total vs actual total; totals for materials, participants, additional
 * costs, event total and the appointment's grand total). Money is integer cents in the client's
 * currency: sums never drift, and every division (installments, per-participant values) says
 * where its cent goes.
 *
 * Readings the spec leaves open, taken here:
 * - expected participants are the appointment's `expected_participants` (blank: the enrolled
 *   ones); actual participants are the enrolled guests not marked absent;
 * - an event's or an additional cost's actual value, while not entered, is its expected one;
 * - materials (the Inputs tab) cost quantity × the material's value on both sides;
 * - an additional cost's individual value is its total per participant (the actual ones, else the
 *   expected ones; null when there are none).
 */

export interface EventCostInput {
  id: number;
  /** the event's expected cost */
  cost: number;
  /** what it actually cost; null: not entered yet */
  actual_cost: number | null;
  /** its enrolled guests not marked absent */
  participants: number;
}

export interface AdditionalCostInput {
  id: number;
  quantity: number;
  unit_value: number;
  /** 1 = paid at once */
  installments: number;
  /** the actual total; null: not entered yet */
  actual_value: number | null;
}

export interface CostsInput {
  expected_cost_per_participant: number;
  /** the appointment's expected participants (null: not set) */
  expected_participants: number | null;
  /** active enrollments */
  enrolled: number;
  events: readonly EventCostInput[];
  additional: readonly AdditionalCostInput[];
  materials: readonly { quantity: number; value: number }[];
}

export interface CostSide {
  participants_count: number;
  events: number;
  participants: number;
  additional: number;
  materials: number;
  total: number;
  /** total ÷ participants, rounded to the cent; null without participants */
  per_participant: number | null;
}

export interface CostsSummary {
  events: { id: number; expected: number; actual: number; participants: number; participants_cost: number; total: number }[];
  additional: { id: number; total: number; actual: number; individual_value: number | null; installment_values: number[] }[];
  expected: CostSide;
  actual: CostSide;
  /** actual − expected grand totals */
  difference: number;
}

/** `total` divided by `count`, rounded half up to the cent (totals are never negative); null for none. */
export function perHead(total: number, count: number): number | null {
  return count > 0 ? Math.round(total / count) : null;
}

/**
 * `total` split in `installments` payments that add up to it exactly: the leftover cents go one
 * each to the first installments (10,00 in 3 → 3,34 + 3,33 + 3,33).
 */
export function splitInstallments(total: number, installments: number): number[] {
  const n = Math.max(1, Math.floor(installments));
  const base = Math.floor(total / n);
  const left = total - base * n;
  return Array.from({ length: n }, (_, i) => base + (i < left ? 1 : 0));
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** Every total of the Costs tab, expected and actual. */
export function computeCosts(input: CostsInput): CostsSummary {
  const pp = input.expected_cost_per_participant;
  const attending = sum(input.events.map((e) => e.participants));
  const expectedCount = input.expected_participants ?? input.enrolled;
  const headcount = attending > 0 ? attending : expectedCount;

  const events = input.events.map((e) => {
    const actual = e.actual_cost ?? e.cost;
    return { id: e.id, expected: e.cost, actual, participants: e.participants, participants_cost: pp * e.participants, total: actual + pp * e.participants };
  });
  const additional = input.additional.map((a) => {
    const total = a.quantity * a.unit_value;
    return { id: a.id, total, actual: a.actual_value ?? total, individual_value: perHead(total, headcount), installment_values: splitInstallments(total, a.installments) };
  });
  const materials = sum(input.materials.map((m) => m.quantity * m.value));

  const side = (count: number, eventsTotal: number, additionalTotal: number): CostSide => {
    const participants = pp * count;
    const total = eventsTotal + participants + additionalTotal + materials;
    return { participants_count: count, events: eventsTotal, participants, additional: additionalTotal, materials, total, per_participant: perHead(total, count) };
  };
  const expected = side(expectedCount, sum(events.map((e) => e.expected)), sum(additional.map((a) => a.total)));
  const actual = side(attending, sum(events.map((e) => e.actual)), sum(additional.map((a) => a.actual)));
  return { events, additional, expected, actual, difference: actual.total - expected.total };
}

/** A material's value (stored in currency units, spec 3 §3 "Input … value") in cents. */
export const unitsToCents = (value: number): number => Math.round(Number((value * 100).toFixed(4)));

/**
 * Money typed by a person, in currency units with at most two decimals and either separator
 * ("1234,5", "1234.50", "0,05"), as cents; null when it is not such a number. Thousands
 * separators are refused rather than guessed.
 */
export function parseMoney(text: string): number | null {
  const m = /^\s*(\d{1,12})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Cents shown in the user's locale and the client's currency (spec 1 §9 the user's language). */
export function formatMoney(cents: number, currency: string, intlLocale: string): string {
  return new Intl.NumberFormat(intlLocale, { style: 'currency', currency }).format(cents / 100);
}

/** An ISO 4217 code the platform's Intl knows (spec 3 §3 "Costs": the client's currency). */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  const supported = (Intl as { supportedValuesOf?: (key: 'currency') => string[] }).supportedValuesOf;
  return supported ? supported('currency').includes(code) : true;
}

/** The client's currency, or the deployment's (config CURRENCY) where the client names none. */
export function clientCurrency(settings: { currency?: string } | undefined, deploymentCurrency: string): string {
  const own = settings?.currency?.trim() ?? '';
  return own && isCurrencyCode(own) ? own : deploymentCurrency;
}

/** Cents as the plain amount an input shows ("1234.50"). */
export const centsToInput = (cents: number): string => `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
