// The "Upload PDF" form of the managed PDFs page: a PDF from outside Folio (POST /v1/pdfs, multipart) with
// the password of an encrypted one. The password leaves the form as soon as it is read and is never kept.
import { apiForm, ApiError } from '../api';
import { h } from '../dom';
import type { ManagedPdf } from '../types';
import { field, toast } from '../ui';
import { errorField, fieldErrorBox } from './pdf-form-errors';

export function uploadPdfForm(onUploaded: (pdf: ManagedPdf) => Promise<void> | void): HTMLFormElement {
  const file = h('input', { type: 'file', required: true, accept: '.pdf,application/pdf' });
  // No name attribute and a POST form: the password cannot end up in a URL.
  const password = h('input', { type: 'password', autocomplete: 'off', spellcheck: 'false' });
  const submit = h('button', { type: 'submit', class: 'btn btn-primary' }, 'Upload PDF');
  const errors = h('div', { class: 'form-errors', 'data-testid': 'upload-errors' });
  const inputs: Record<string, HTMLInputElement> = { file, password };
  const form = h(
    'form',
    { class: 'card', method: 'post', 'aria-labelledby': 'upload-title', 'data-testid': 'upload-form' },
    h('h2', { id: 'upload-title' }, 'Upload PDF'),
    h(
      'div',
      { class: 'fields' },
      field('PDF file', file, 'A PDF from outside Folio. It is checked (qpdf, Folio’s limits) before it is stored.'),
      field('Password (encrypted PDFs only)', password, 'Opens an encrypted PDF; Folio stores the decrypted copy and not the password.'),
    ),
    errors,
    submit,
  );

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    Object.values(inputs).forEach((i) => i.removeAttribute('aria-invalid'));
    errors.replaceChildren();
    const chosen = file.files?.[0];
    if (!chosen) return;
    void (async () => {
      submit.disabled = true;
      submit.setAttribute('aria-busy', 'true');
      const body = new FormData();
      if (password.value) body.append('password', password.value);
      body.append('fileName', chosen.name.slice(0, 200) || 'upload.pdf');
      body.append('file', chosen, chosen.name);
      password.value = '';
      try {
        const r = await apiForm<{ pdf: ManagedPdf; decrypted: boolean }>('/v1/pdfs', body);
        toast(`${r.pdf.fileName} uploaded${r.decrypted ? ' (stored decrypted)' : ''}`);
        form.reset();
        await onUploaded(r.pdf);
      } catch (err) {
        errors.replaceChildren(fieldErrorBox(err, 'The PDF was not stored', 'upload-error-field'));
        const name = errorField(err);
        // A password problem points at the password field; anything else about the PDF at the file.
        const target = err instanceof ApiError && err.code.startsWith('pdf_password') ? password : name ? inputs[name] : file;
        if (target) {
          target.setAttribute('aria-invalid', 'true');
          target.focus();
        }
      } finally {
        submit.disabled = false;
        submit.removeAttribute('aria-busy');
      }
    })();
  });
  return form;
}
