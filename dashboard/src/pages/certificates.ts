import { api, apiAll, ApiError } from '../api';
import { h, replace } from '../dom';
import { ago, date, dateTime } from '../format';
import type { PageContext } from '../router';
import type { SigningCertificate } from '../types';
import { act, confirmDialog, copyButton, empty, errorBox, field, loading, pageHeader, table, toast } from '../ui';

/** The largest PKCS#12 file the API accepts (decoded bytes). */
const MAX_PKCS12_BYTES = 65536;

/** `ab12cd34…ef56`: enough to tell certificates apart; the full value is in the title and the copy button. */
export const shortFingerprint = (f: string) => (f.length > 20 ? `${f.slice(0, 12)}…${f.slice(-8)}` : f);

/** "expired" / "not yet valid" next to the validity of a certificate (nothing when it is valid now). */
export function validityBadge(c: Pick<SigningCertificate, 'expired' | 'notYetValid'>): HTMLElement | null {
  if (c.expired) return h('span', { class: 'badge badge-failed', 'data-testid': 'cert-expired' }, 'expired');
  if (c.notYetValid) return h('span', { class: 'badge badge-queued', 'data-testid': 'cert-not-yet-valid' }, 'not yet valid');
  return null;
}

/** The file's bytes as standard base64, read in the browser (the file never leaves it otherwise). */
async function fileBase64(f: File): Promise<string> {
  const buf = new Uint8Array(await f.arrayBuffer());
  let bin = '';
  for (let i = 0; i < buf.length; i += 0x8000) bin += String.fromCharCode(...buf.subarray(i, i + 0x8000));
  return btoa(bin);
}

export async function certificatesPage(ctx: PageContext) {
  const list = h(
    'section',
    { 'aria-labelledby': 'certs-list-title' },
    h('h2', { id: 'certs-list-title' }, 'Certificates'),
    loading('Loading signing certificates…'),
  );

  // --- upload form ---
  const name = h('input', {
    type: 'text',
    name: 'name',
    required: true,
    maxlength: '100',
    placeholder: 'e.g. Invoices signer',
    autocomplete: 'off',
  });
  const file = h('input', { type: 'file', required: true, accept: '.p12,.pfx,application/x-pkcs12' });
  // No name attribute on the file and passphrase inputs, and a POST form: nothing secret can end up in a URL.
  const passphrase = h('input', { type: 'password', required: false, autocomplete: 'new-password', spellcheck: 'false' });
  const submit = h('button', { type: 'submit', class: 'btn btn-primary' }, 'Upload certificate');
  const formErrors = h('div', { class: 'form-errors', 'data-testid': 'cert-form-errors' });
  const inputsByField: Record<string, HTMLInputElement> = { name, pkcs12: file, passphrase };
  const form = h(
    'form',
    { class: 'card', method: 'post', 'aria-labelledby': 'new-cert-title', 'data-testid': 'cert-form' },
    h('h2', { id: 'new-cert-title' }, 'Upload a signing certificate'),
    field('Name', name, 'A label to recognise the certificate by.'),
    field(
      'PKCS#12 file (.p12 / .pfx)',
      file,
      `The private key and its certificate, optionally with the chain; at most ${MAX_PKCS12_BYTES / 1024} KiB. Read in your browser and sent once; never shown again.`,
    ),
    field('Passphrase', passphrase, 'The passphrase of the file (empty if it has none). Stored encrypted, never shown again.'),
    formErrors,
    submit,
  );

  function clearSecrets() {
    passphrase.value = '';
    file.value = '';
  }

  function showError(err: unknown) {
    const fieldName = err instanceof ApiError && typeof err.details?.field === 'string' ? err.details.field : null;
    const input = fieldName ? inputsByField[fieldName] : undefined;
    replace(
      formErrors,
      h(
        'div',
        { class: 'error-box', role: 'alert' },
        h('strong', {}, 'The certificate was not stored'),
        fieldName ? h('p', { 'data-testid': 'cert-error-field' }, 'Field: ', h('code', {}, fieldName)) : null,
        h('p', {}, err instanceof Error ? err.message : String(err)),
        err instanceof ApiError && err.status
          ? h('p', { class: 'muted small' }, 'Error code: ', h('code', {}, err.code), ` (HTTP ${err.status})`)
          : null,
      ),
    );
    if (input) {
      input.setAttribute('aria-invalid', 'true');
      input.focus();
    }
  }

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    Object.values(inputsByField).forEach((i) => i.removeAttribute('aria-invalid'));
    formErrors.replaceChildren();
    const chosen = file.files?.[0];
    if (!chosen) return;
    if (chosen.size > MAX_PKCS12_BYTES) {
      clearSecrets();
      showError(
        new ApiError(0, 'invalid_request', `The file is ${chosen.size} bytes; the limit is ${MAX_PKCS12_BYTES} bytes.`, {
          field: 'pkcs12',
        }),
      );
      return;
    }
    void (async () => {
      submit.disabled = true;
      submit.setAttribute('aria-busy', 'true');
      try {
        const pkcs12 = await fileBase64(chosen);
        const secret = passphrase.value;
        // The secrets leave the page as soon as they are read: a failure asks for them again.
        clearSecrets();
        const r = await api<{ signingCertificate: SigningCertificate }>('POST', '/v1/signing-certificates', {
          name: name.value.trim(),
          pkcs12,
          passphrase: secret,
        });
        toast(`Certificate “${r.signingCertificate.name}” stored`);
        form.reset();
        await load();
      } catch (err) {
        clearSecrets();
        showError(err);
      } finally {
        submit.disabled = false;
        submit.removeAttribute('aria-busy');
      }
    })();
  });

  async function load() {
    try {
      const items = await apiAll<SigningCertificate>('/v1/signing-certificates?limit=100', { signal: ctx.signal });
      const rows = items.map((c) => {
        const del = h(
          'button',
          { type: 'button', class: 'btn btn-small btn-danger', 'aria-label': `Delete certificate ${c.name}` },
          'Delete',
        );
        del.addEventListener('click', async () => {
          const ok = await confirmDialog({
            title: `Delete “${c.name}”?`,
            body: h(
              'p',
              {},
              'Its file and passphrase are removed at once. Render jobs that ask for it fail from now on. This cannot be undone.',
            ),
            confirmLabel: 'Delete certificate',
            danger: true,
          });
          if (!ok) return;
          await act(del, null, async () => {
            await api('DELETE', `/v1/signing-certificates/${encodeURIComponent(c.id)}`);
            toast(`Certificate “${c.name}” deleted`);
            await load();
          });
        });
        return [
          h('span', { id: `cert-${c.id}`, title: c.id }, c.name),
          h('span', { 'data-testid': 'cert-subject' }, c.subject),
          h('span', {}, c.issuer === c.subject ? h('span', { class: 'muted' }, 'self-signed') : c.issuer),
          h(
            'span',
            { 'data-testid': 'cert-validity' },
            h('time', { datetime: new Date(c.notBefore).toISOString(), title: dateTime(c.notBefore) }, date(c.notBefore)),
            ' – ',
            h('time', { datetime: new Date(c.notAfter).toISOString(), title: dateTime(c.notAfter) }, date(c.notAfter)),
            ' ',
            validityBadge(c),
          ),
          h(
            'span',
            { class: 'copy-row' },
            h(
              'code',
              { class: 'nowrap', title: c.fingerprintSha256, 'data-testid': 'cert-fingerprint' },
              shortFingerprint(c.fingerprintSha256),
            ),
            copyButton(() => c.fingerprintSha256, 'Copy'),
          ),
          h('span', { class: 'nowrap' }, `${c.keyType.toUpperCase()} ${c.keyBits}`),
          String(c.chainCertificates),
          h('time', { title: dateTime(c.createdAt) }, ago(c.createdAt)),
          del,
        ];
      });
      replace(
        list,
        h('h2', { id: 'certs-list-title' }, 'Certificates'),
        items.length === 0
          ? empty(
              'No signing certificates yet',
              'Upload one above, then sign a render job’s PDF with it (the job’s “signature.certificateId”).',
            )
          : table(
              'Signing certificates',
              ['Name', 'Subject', 'Issuer', 'Valid', 'SHA-256 fingerprint', 'Key', 'Chain', 'Uploaded', ''],
              rows,
              { testid: 'certs-table' },
            ),
      );
      // A link from a job page (?certificate=<id>) marks its row and scrolls to it.
      const wanted = ctx.query.get('certificate');
      const row = wanted ? document.getElementById(`cert-${wanted}`)?.closest('tr') : null;
      if (row) {
        row.classList.add('highlight');
        row.setAttribute('data-testid', 'cert-highlighted');
        row.scrollIntoView({ block: 'center' });
      }
    } catch (err) {
      if (ctx.signal.aborted) return;
      replace(list, h('h2', { id: 'certs-list-title' }, 'Certificates'), errorBox(err, 'The certificates could not be loaded'));
    }
  }

  ctx.root.append(
    pageHeader('Signing certificates', {
      subtitle:
        'PKCS#12 certificates render jobs sign their PDFs with (PAdES B-B). The file and its passphrase are stored encrypted and never shown again.',
    }),
    form,
    list,
  );
  await load();
}
