/**
 * The client's own addresses in the address search (spec 3 §2 "address search with map"): its
 * branches with coordinates, matched by name, store name, street or city, searched before the geocoder.
 */
import type { AddressCandidate } from '@lp/shared/contract';
import type { Db } from '../../db/database.ts';

export async function branchCandidates(db: Db, clientId: number, q: string, limit = 5): Promise<AddressCandidate[]> {
  // every word must appear in one of the columns; wildcards typed by the user are dropped (SQLite's LIKE has no default escape character)
  const words = q.toLowerCase().replace(/[%_\\]/g, '').split(/[\s,]+/).filter(Boolean).slice(0, 8);
  if (!words.length) return [];
  const columns = ['name', 'store_name', 'address', 'number', 'neighborhood', 'city'] as const;
  const rows = await db.selectFrom('branches').selectAll()
    .where('client_id', '=', clientId).where('latitude', 'is not', null).where('longitude', 'is not', null).where('address', 'is not', null)
    .where((eb) => eb.and(words.map((w) => eb.or(columns.map((c) => eb(eb.fn('lower', [eb.ref(c)]), 'like', `%${w}%`))))))
    .orderBy('name').limit(limit).execute();
  return rows.map((b) => ({
    label: [b.name, [b.address, b.number].filter(Boolean).join(', '), b.city].filter(Boolean).join(' — '),
    source: 'branch' as const,
    place_ref: `branch:${b.id}`,
    postal_code: b.postal_code, address: b.address, number: b.number, complement: b.complement, neighborhood: b.neighborhood,
    city: b.city, state: b.state, latitude: b.latitude!, longitude: b.longitude!,
  }));
}
