// Reads the job's payload from the payload origin (see docs/templates.md).
if (window.folio) {
  window.folio.waitForReady = true;
  fetch(window.folio.payloadUrl)
    .then((r) => r.json())
    .then((p) => { document.getElementById('greeting').textContent = `Hello, ${p.name ?? 'world'}!`; })
    .finally(() => window.folio.ready());
}
