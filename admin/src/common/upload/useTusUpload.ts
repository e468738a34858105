import { useCallback, useEffect, useRef, useState } from 'react';
import type { Upload } from 'tus-js-client';
import { createTusUpload, startTusUpload, uploadErrorStatus, type TusAuth } from './tusUpload.ts';

export type TusUploadState =
  | { status: 'idle' }
  | { status: 'uploading' | 'paused'; file: File; bytesSent: number; bytesTotal: number; resumed: boolean }
  | { status: 'done'; file: File; uploadId: string; url: string }
  | { status: 'error'; file: File; bytesSent: number; bytesTotal: number; message: string };

export interface UseTusUploadOptions {
  kind: string;
  filetype?: string;
  auth?: TusAuth;
  endpoint?: string;
}

export interface TusUploadControls {
  state: TusUploadState;
  /** 0–100 */
  percent: number;
  start(file: File): void;
  pause(): void;
  /** continues a paused or failed upload from where the server has it */
  resume(): void;
  /** stops and discards the upload (also on the server) */
  cancel(): void;
}

/** Translation key for a failed upload. */
function errorMessage(error: Error): string {
  const status = uploadErrorStatus(error);
  if (status === 401) return 'errors.not_authenticated';
  if (status === 403) return 'errors.permission_denied';
  if (status === 413) return 'errors.file_too_large';
  return 'admin.upload.failed';
}

export function percentOf(state: TusUploadState): number {
  if (state.status === 'done') return 100;
  if (state.status === 'idle' || state.bytesTotal <= 0) return 0;
  return Math.min(100, Math.floor((state.bytesSent / state.bytesTotal) * 100));
}

/** One resumable tus upload at a time, with progress, pause/resume and cancel. */
export function useTusUpload(options: UseTusUploadOptions): TusUploadControls {
  const [state, setState] = useState<TusUploadState>({ status: 'idle' });
  const stateRef = useRef(state);
  stateRef.current = state;
  const uploadRef = useRef<Upload | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  // leaving the screen stops the transfer but keeps it resumable
  useEffect(
    () => () => {
      void uploadRef.current?.abort(false);
      uploadRef.current = null;
    },
    [],
  );

  const start = useCallback((file: File) => {
    void uploadRef.current?.abort(false);
    const { kind, filetype, auth, endpoint } = optionsRef.current;
    const upload = createTusUpload(file, {
      kind,
      filetype,
      auth,
      endpoint,
      onProgress: (bytesSent, bytesTotal) => {
        if (uploadRef.current !== upload) return;
        setState((prev) => ({
          status: 'uploading',
          file,
          bytesSent,
          bytesTotal,
          resumed: prev.status === 'uploading' ? prev.resumed : false,
        }));
      },
      onSuccess: (uploadId, url) => {
        if (uploadRef.current !== upload) return;
        setState({ status: 'done', file, uploadId, url });
      },
      onError: (error) => {
        if (uploadRef.current !== upload) return;
        setState((prev) => ({
          status: 'error',
          file,
          bytesSent: prev.status === 'uploading' || prev.status === 'paused' ? prev.bytesSent : 0,
          bytesTotal: file.size,
          message: errorMessage(error),
        }));
      },
    });
    uploadRef.current = upload;
    setState({ status: 'uploading', file, bytesSent: 0, bytesTotal: file.size, resumed: false });
    startTusUpload(upload).then(
      (resumed) => {
        if (resumed && uploadRef.current === upload) {
          setState((prev) => (prev.status === 'uploading' ? { ...prev, resumed: true } : prev));
        }
      },
      () => {
        if (uploadRef.current === upload) {
          setState({ status: 'error', file, bytesSent: 0, bytesTotal: file.size, message: 'admin.upload.failed' });
        }
      },
    );
  }, []);

  const pause = useCallback(() => {
    const upload = uploadRef.current;
    if (!upload) return;
    void upload.abort(false);
    setState((prev) => (prev.status === 'uploading' ? { ...prev, status: 'paused' } : prev));
  }, []);

  const resume = useCallback(() => {
    const upload = uploadRef.current;
    const prev = stateRef.current;
    if (!upload || (prev.status !== 'paused' && prev.status !== 'error')) return;
    // start() continues from the server's offset (HEAD on the upload URL)
    upload.start();
    setState({ status: 'uploading', file: prev.file, bytesSent: prev.bytesSent, bytesTotal: prev.bytesTotal, resumed: true });
  }, []);

  const cancel = useCallback(() => {
    const upload = uploadRef.current;
    uploadRef.current = null;
    // terminate: the server drops the partial file and the resume entry is forgotten
    if (upload) upload.abort(true).catch(() => undefined);
    setState({ status: 'idle' });
  }, []);

  return { state, percent: percentOf(state), start, pause, resume, cancel };
}
