// Folio invoice example: loads the job's payload and the deploy's environment from the payload origin,
// fills the template, then tells Folio the page is ready to print.
(function () {
  'use strict';
  const folio = window.folio;
  // The template as loaded, before any job filled it in: a warm template (folio.onJob below) starts every
  // job from this -- body, title (the PDF's Title), lang and no footer rule -- so nothing of the previous
  // invoice can survive into the next one.
  const pristineBody = document.body.innerHTML;
  const pristineTitle = document.title;
  const pristineLang = document.documentElement.lang;

  const getJson = (url) =>
    fetch(url).then((r) => {
      if (!r.ok) throw new Error(`${url} answered ${r.status}`);
      return r.json();
    });

  // Money in integer cents: no floating-point drift between line amounts and totals.
  const cents = (amount) => Math.round(amount * 100);

  function set(field, value) {
    for (const el of document.querySelectorAll(`[data-field="${field}"]`)) el.textContent = value ?? '';
  }

  function setLines(field, lines) {
    for (const el of document.querySelectorAll(`[data-field="${field}"]`)) {
      el.replaceChildren();
      (lines || []).forEach((line, i) => {
        if (i > 0) el.append(document.createElement('br'));
        el.append(line);
      });
    }
  }

  function render(invoice, env) {
    const vars = (env && env.variables) || {};
    const seller = invoice.seller || {};
    const buyer = invoice.buyer || {};
    const locale = invoice.locale || 'en-GB';
    const money = new Intl.NumberFormat(locale, { style: 'currency', currency: invoice.currency || 'EUR' });
    const fromCents = (c) => money.format(c / 100);
    const quantity = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
    const date = (iso) => (iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso)) : '');

    // The deploy's COMPANY_NAME variable wins over the payload: one template, several legal entities.
    const sellerName = vars.COMPANY_NAME || seller.name || '';
    document.title = `Invoice ${invoice.invoiceNumber} — ${sellerName}`;
    document.documentElement.lang = locale.split('-')[0];

    set('sellerName', sellerName);
    setLines('sellerAddress', [...(seller.address || []), seller.vatId ? `VAT ID ${seller.vatId}` : null].filter(Boolean));
    set('invoiceNumber', invoice.invoiceNumber);
    set('buyerName', buyer.name);
    set('buyerContact', buyer.contact);
    setLines('buyerAddress', buyer.address);
    set('buyerVat', buyer.vatId ? `VAT ID ${buyer.vatId}` : '');
    set('issueDate', date(invoice.issueDate));
    set('dueDate', date(invoice.dueDate));
    set('servicePeriod', invoice.servicePeriod);
    set('customerNo', buyer.customerNo);
    set('purchaseOrder', invoice.purchaseOrder);

    const rows = document.getElementById('rows');
    let subtotal = 0;
    (invoice.items || []).forEach((item, i) => {
      const amount = cents(item.quantity * item.unitPrice);
      subtotal += amount;
      const tr = document.createElement('tr');
      const cell = (cls, text) => {
        const td = document.createElement('td');
        td.className = cls;
        td.textContent = text;
        tr.append(td);
        return td;
      };
      cell('num', String(i + 1));
      const desc = cell('desc', item.description);
      if (item.sku) {
        const sku = document.createElement('span');
        sku.className = 'sku';
        sku.textContent = item.sku;
        desc.append(sku);
      }
      cell('qty', quantity.format(item.quantity));
      cell('unit', item.unit || '');
      cell('money', fromCents(cents(item.unitPrice)));
      cell('money', fromCents(amount));
      rows.append(tr);
    });

    const rate = (invoice.tax && invoice.tax.rate) || 0;
    const tax = Math.round(subtotal * rate);
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(rate);
    set('subtotal', fromCents(subtotal));
    set('taxLabel', `${(invoice.tax && invoice.tax.label) || 'Tax'} ${percent}`);
    set('tax', fromCents(tax));
    set('total', fromCents(subtotal + tax));

    const bank = seller.bank || {};
    set('paymentTerms', invoice.paymentTerms);
    set('bankName', bank.name);
    set('iban', bank.iban);
    set('bic', bank.bic);
    set('reference', invoice.invoiceNumber);
    set('notes', invoice.notes);
    set('sellerFooter', [sellerName, ...(seller.address || []), seller.email, seller.phone].filter(Boolean).join(' · '));

    // Margin boxes take strings and counters only; put the invoice number in the footer with a generated rule.
    const footer = document.getElementById('footer-rule') || document.createElement('style');
    footer.id = 'footer-rule';
    footer.textContent = `@page { @bottom-left { content: ${JSON.stringify(`${invoice.invoiceNumber} · ${sellerName}`)}; } }`;
    document.head.append(footer);
  }

  function showError(err) {
    const box = document.createElement('div');
    box.className = 'error';
    box.textContent = `This invoice could not be rendered: ${err && err.message ? err.message : err}`;
    document.body.replaceChildren(box);
  }

  function renderJob() {
    document.body.innerHTML = pristineBody;
    document.title = pristineTitle;
    document.documentElement.lang = pristineLang;
    const footer = document.getElementById('footer-rule');
    if (footer) footer.remove();
    return Promise.all([getJson(folio.payloadUrl), getJson(folio.envUrl)])
      .then(([invoice, env]) => render(invoice, env))
      .catch(showError);
  }

  // First job: Folio loaded the page for it.
  // Always call ready(): otherwise the job waits for its render timeout (render_timeout_exceeded).
  renderJob().finally(() => folio.ready());
  // Later jobs of the same version (same account, env and plan): Folio keeps this page loaded and calls
  // renderJob instead of loading it again, which roughly halves the browser's work per invoice.
  folio.onJob(renderJob);
})();
