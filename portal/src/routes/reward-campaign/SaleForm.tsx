import { useState } from 'preact/hooks';
import { LEARNER_REWARD_PATHS, type LearnerCampaign, type Sale, type SaleInput } from '@lp/shared/contract';
import { repeatedProduct } from '@lp/shared/rules';
import { errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { uploadInvoice } from '../../lib/invoice-upload.ts';
import { Message } from '../../components/message/index.tsx';

const K = 'portal.rewards.sale';
interface Line { product_id: string; quantity: string }

/**
 * spec 3 §2 "report a sale: invoice upload or take a picture, products with quantities": one line
 * per product ("add new product" for more, spec 3 §5), the unit points shown beside each product;
 * the file input opens the phone's camera (capture="environment").
 */
export function SaleForm({ campaign, onSaved }: { campaign: LearnerCampaign; onSaved(sale: Sale): void }) {
  const { t } = useI18n();
  const [lines, setLines] = useState<Line[]>([{ product_id: '', quantity: '1' }]);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const unit = new Map(campaign.products.map((p) => [String(p.id), p.unit_points]));
  const setLine = (i: number, patch: Partial<Line>) => setLines(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  const submit = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const products = lines.filter((l) => l.product_id).map((l) => ({ product_id: Number(l.product_id), quantity: Math.max(1, Number(l.quantity) || 1) }));
    if (!file || products.length === 0) { setError('make_sure_that_all_fields_are_filled_in'); return; }
    if (repeatedProduct(products) !== null) { setError('one_entry_per_product'); return; }
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      const upload = await uploadInvoice(file);
      const body: SaleInput = {
        sale_date: String(data.get('sale_date')), invoice_number: String(data.get('invoice_number')).trim(), retailer: String(data.get('retailer') ?? ''),
        branch_id: data.get('branch_id') ? Number(data.get('branch_id')) : null, products, invoice_upload: upload,
      };
      const sale = await send<Sale>(LEARNER_REWARD_PATHS.sales(campaign.id), 'POST', body);
      form.reset();
      setLines([{ product_id: '', quantity: '1' }]);
      setFile(null);
      setDone(true);
      onSaved(sale);
    } catch (e) {
      setError(errorCode(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="reward-form" onSubmit={(e) => void submit(e)}>
      {done && <Message kind="success">{t(`${K}.registered`)}</Message>}
      {error && <Message kind="error">{errorText(t, error)}</Message>}
      <label>{t(`${K}.sale_date`)}<input type="date" name="sale_date" required /></label>
      <label>{t(`${K}.invoice_number`)}<input name="invoice_number" required maxLength={64} inputMode="numeric" /></label>
      {campaign.stores.length > 0 && (
        <label>{t(`${K}.store`)}
          <select name="branch_id"><option value="">—</option>{campaign.stores.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}</select>
        </label>
      )}
      <label>{t(`${K}.retailer`)}<input name="retailer" maxLength={256} /></label>
      <fieldset>
        <legend>{t(`${K}.products`)}</legend>
        {lines.map((l, i) => (
          <div class="reward-line" key={i}>
            <select aria-label={t(`${K}.product`)} value={l.product_id} onChange={(e) => setLine(i, { product_id: (e.target as HTMLSelectElement).value })}>
              <option value="">{t(`${K}.choose_product`)}</option>
              {campaign.products.map((p) => <option key={p.id} value={p.id}>{p.product} ({t(`${K}.unit_points`, { n: p.unit_points, count: p.unit_points })})</option>)}
            </select>
            <input type="number" min={1} aria-label={t(`${K}.quantity`)} value={l.quantity} onInput={(e) => setLine(i, { quantity: (e.target as HTMLInputElement).value })} />
            <span class="reward-line-points">{(unit.get(l.product_id) ?? 0) * (Number(l.quantity) || 0)}</span>
            {lines.length > 1 && <button type="button" class="link" onClick={() => setLines(lines.filter((_, j) => j !== i))}>{t(`${K}.remove_product`)}</button>}
          </div>
        ))}
        <button type="button" class="secondary" onClick={() => setLines([...lines, { product_id: '', quantity: '1' }])}>{t(`${K}.add_product`)}</button>
      </fieldset>
      <label>{t(`${K}.invoice_photo`)}
        <input type="file" accept="image/jpeg,image/png" capture="environment" onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)} />
      </label>
      <button type="submit" disabled={busy}>{t(busy ? `${K}.sending` : `${K}.submit`)}</button>
    </form>
  );
}
