import type { ImportEntity, ImportInvalid, ImportJob, ImportResult } from '@app/shared/schemas/import';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, ApiError, apiRequest, ensureCsrf, errorAction, toast } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';
import { clearSession, getToken } from '@/lib/storage';

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLocale() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** Downloads the sample file of an entity (the browser saves it). */
export async function downloadSample(entity: ImportEntity, format: 'xlsx' | 'csv'): Promise<void> {
  const res = await fetch(`${API_BASE}/import/${entity}/sample?format=${format}`, { headers: authHeaders(), credentials: 'include' });
  if (!res.ok) {
    const body = await res.json().catch(() => ({}));
    const action = errorAction(res.status, body, { pathname: window.location.pathname, locale: currentLocale() });
    if (action.toast) toast(action.toast.message, action.toast.color);
    throw new ApiError(res.status, body);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `${entity}-sample.${format}`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export type UploadOutcome = { ok: true; result: ImportResult } | { ok: false; status: number; body: ImportInvalid };

/**
 * Sends the file with XMLHttpRequest, which (unlike fetch) reports upload progress. `jobId` is chosen
 * here so the screen can poll the job while the server validates and writes. A 422 is returned to the
 * caller (the errors table); other failures run the app's usual error handling (spec §8).
 */
export async function uploadImport(entity: ImportEntity, file: File, jobId: string, onProgress: (percent: number) => void): Promise<UploadOutcome> {
  if (!readCookie('XSRF-TOKEN')) await ensureCsrf(true);
  const form = new FormData();
  form.append('job_id', jobId);
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/import/${entity}`);
    xhr.withCredentials = true;
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) xhr.setRequestHeader('X-XSRF-TOKEN', xsrf);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.upload.onload = () => onProgress(100);
    xhr.onerror = () => {
      const action = errorAction(0, {}, { pathname: window.location.pathname, locale: currentLocale() });
      if (action.toast) toast(action.toast.message, action.toast.color);
      reject(new ApiError(0, {}));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      const json = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
      if (xhr.status === 201) return resolve({ ok: true, result: json as ImportResult });
      if (xhr.status === 422) return resolve({ ok: false, status: 422, body: json as ImportInvalid });
      const action = errorAction(xhr.status, json, { pathname: window.location.pathname, locale: currentLocale() });
      if (action.toast) toast(action.toast.message, action.toast.color);
      if (action.clearSession) clearSession();
      if (action.redirect) window.location.assign(action.redirect);
      reject(new ApiError(xhr.status, json));
    };
    xhr.send(form);
  });
}

/** Polls a job while it runs; a job not written yet (404 at the very start) is simply not there yet. */
export function useImportJob(jobId: string | null, running: boolean) {
  return useQuery({
    queryKey: ['import-job', jobId],
    queryFn: ({ signal }) => apiRequest<{ data: ImportJob }>(`import/jobs/${jobId}`, { signal, quiet: true }).then((r) => r.data),
    enabled: Boolean(jobId) && running,
    refetchInterval: running ? 400 : false,
    retry: false,
  });
}
