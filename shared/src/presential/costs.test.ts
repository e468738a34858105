import { describe, expect, it } from 'vitest';
import { centsToInput, clientCurrency, computeCosts, formatMoney, isCurrencyCode, parseMoney, perHead, splitInstallments, unitsToCents, type CostsInput } from './costs.ts';

const base: CostsInput = {
  expected_cost_per_participant: 5_000,
  expected_participants: 10,
  enrolled: 8,
  events: [{ id: 1, cost: 100_000, actual_cost: 120_000, participants: 5 }, { id: 2, cost: 50_000, actual_cost: null, participants: 2 }],
  additional: [{ id: 7, quantity: 3, unit_value: 1_000, installments: 3, actual_value: 2_500 }],
  materials: [{ quantity: 10, value: 250 }],
};

describe('costs (spec 3 §3 "Costs")', () => {
  it('adds events, participants, additional costs and materials, expected and actual', () => {
    const c = computeCosts(base);
    expect(c.events).toEqual([
      { id: 1, expected: 100_000, actual: 120_000, participants: 5, participants_cost: 25_000, total: 145_000 },
      // an actual cost not entered is the expected one
      { id: 2, expected: 50_000, actual: 50_000, participants: 2, participants_cost: 10_000, total: 60_000 },
    ]);
    expect(c.expected).toEqual({ participants_count: 10, events: 150_000, participants: 50_000, additional: 3_000, materials: 2_500, total: 205_500, per_participant: 20_550 });
    expect(c.actual).toEqual({ participants_count: 7, events: 170_000, participants: 35_000, additional: 2_500, materials: 2_500, total: 210_000, per_participant: 30_000 });
    expect(c.difference).toBe(4_500);
    // the event totals are the actual events and participants
    expect(c.events.reduce((a, e) => a + e.total, 0)).toBe(c.actual.events + c.actual.participants);
  });

  it('splits installments to the cent, the leftover in the first ones', () => {
    expect(splitInstallments(1_000, 3)).toEqual([334, 333, 333]);
    expect(splitInstallments(1_001, 3)).toEqual([334, 334, 333]);
    expect(splitInstallments(2, 5)).toEqual([1, 1, 0, 0, 0]);
    expect(splitInstallments(999, 1)).toEqual([999]);
    expect(splitInstallments(0, 4)).toEqual([0, 0, 0, 0]);
    // nonsense counts pay at once
    expect(splitInstallments(500, 0)).toEqual([500]);
    for (const [total, n] of [[12_345, 7], [1, 12], [99_999_999, 11]] as const) {
      const parts = splitInstallments(total, n);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
    }
    expect(computeCosts(base).additional[0]).toEqual({ id: 7, total: 3_000, actual: 2_500, individual_value: 429, installment_values: [1_000, 1_000, 1_000] });
  });

  it('has no per-participant value without participants (no division by zero)', () => {
    const c = computeCosts({ ...base, expected_participants: null, enrolled: 0, events: [{ id: 1, cost: 10_000, actual_cost: null, participants: 0 }] });
    expect(c.expected.participants_count).toBe(0);
    expect(c.expected.per_participant).toBeNull();
    expect(c.actual.per_participant).toBeNull();
    expect(c.additional[0]!.individual_value).toBeNull();
    expect(c.expected.participants).toBe(0);
    expect(c.expected.total).toBe(10_000 + 3_000 + 2_500);
    expect(perHead(0, 0)).toBeNull();
  });

  it('falls back to the enrolled when no expected participants are set; an empty appointment costs nothing', () => {
    expect(computeCosts({ ...base, expected_participants: null }).expected.participants_count).toBe(8);
    const empty = computeCosts({ expected_cost_per_participant: 0, expected_participants: null, enrolled: 0, events: [], additional: [], materials: [] });
    expect(empty.expected.total).toBe(0);
    expect(empty.actual.total).toBe(0);
    expect(empty.difference).toBe(0);
  });

  it('rounds per-participant values half up to the cent', () => {
    expect(perHead(1_000, 3)).toBe(333);
    expect(perHead(1_001, 2)).toBe(501);
    expect(perHead(5, 2)).toBe(3);
  });

  it('reads and shows money', () => {
    expect(parseMoney('1234,5')).toBe(123_450);
    expect(parseMoney('1234.50')).toBe(123_450);
    expect(parseMoney(' 0,05 ')).toBe(5);
    expect(parseMoney('7')).toBe(700);
    for (const bad of ['', '1.234,56', '1,2,3', '-5', '1.005', 'abc']) expect(parseMoney(bad), bad).toBeNull();
    expect(unitsToCents(10.1)).toBe(1_010);
    expect(unitsToCents(1.005)).toBe(101);
    expect(centsToInput(123_405)).toBe('1234.05');
    expect(centsToInput(5)).toBe('0.05');
    expect(formatMoney(123_456, 'BRL', 'pt-BR').replace(/\s/g, ' ')).toBe('R$ 1.234,56');
    expect(formatMoney(123_456, 'USD', 'en-US')).toBe('$1,234.56');
    // the client's currency in each reader's locale
    expect(formatMoney(123_456, 'EUR', 'fr-FR').replace(/\s/g, ' ')).toBe('1 234,56 €');
    expect(formatMoney(123_456, 'EUR', 'es-ES').replace(/\s/g, ' ')).toBe('1234,56 €');
    expect(formatMoney(123_456, 'EUR', 'en-US')).toBe('€1,234.56');
    expect(formatMoney(123_456, 'USD', 'pt-BR').replace(/\s/g, ' ')).toBe('US$ 1.234,56');
  });

  it('the client\'s currency: an ISO 4217 code, else the deployment\'s', () => {
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(false);
    expect(isCurrencyCode('XYZ')).toBe(false);
    expect(clientCurrency({ currency: 'EUR' }, 'BRL')).toBe('EUR');
    expect(clientCurrency({ currency: '' }, 'BRL')).toBe('BRL');
    expect(clientCurrency({ currency: 'XYZ' }, 'BRL')).toBe('BRL');
    expect(clientCurrency(undefined, 'USD')).toBe('USD');
  });
});
