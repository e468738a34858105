import { useEffect, useState } from 'react';
import { Button, Link } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { useNotify, useTranslate } from 'react-admin';
import { useContractHttp } from '../../common/http/index.ts';

const R = 'resources.presential/appointments.results';

/**
 * A server PDF opened in a new tab (spec 3 §2 "print attendance list and print event results").
 * The PDF needs the bearer token, so it is fetched as a blob; the tab is opened inside the click
 * (a tab opened after the download would be blocked) and shown the PDF once it arrives. spec 1
 * §8.5 "Window blocked": when the browser refuses the tab, a link opens the PDF instead.
 */
export function PrintButton({ path, label }: { path: string; label: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const http = useContractHttp();
  const [busy, setBusy] = useState(false);
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);
  useEffect(() => () => { if (blockedUrl) URL.revokeObjectURL(blockedUrl); }, [blockedUrl]);

  const print = async () => {
    const tab = window.open('', '_blank');
    setBusy(true);
    try {
      const { blob } = await http.file(path);
      const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
      if (tab) tab.location.href = url;
      else setBlockedUrl(url);
    } catch (error) {
      tab?.close();
      const code = (error as { body?: { code?: string } }).body?.code;
      notify(code ? `errors.${code}` : `${R}.print_error`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="outlined" startIcon={<PrintIcon />} disabled={busy} onClick={() => void print()}>{translate(label)}</Button>
      {blockedUrl && (
        <Link href={blockedUrl} target="_blank" rel="noopener" sx={{ alignSelf: 'center' }}>{translate(`${R}.window_blocked`)}</Link>
      )}
    </>
  );
}
