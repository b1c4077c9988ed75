// The operationId of every operation: stable names that client generators turn into method names
// (`createRenderJob`, `listDeployVersions`). One list, so names stay consistent and a newcomer finds them;
// an operation missing here gets one derived from its method and path (operationIdOf) and the reference
// test fails until it is added. Renaming one breaks generated clients: add, never rename.
export const OPERATION_IDS: Record<string, string> = {
  'POST /v1/deploys': 'createDeploy',
  'GET /v1/deploys': 'listDeploys',
  'GET /v1/deploys/{deployId}': 'getDeploy',
  'PATCH /v1/deploys/{deployId}': 'updateDeploy',
  'DELETE /v1/deploys/{deployId}': 'deleteDeploy',
  'GET /v1/deploys/{deployId}/versions': 'listDeployVersions',
  'GET /v1/deploys/{deployId}/versions/{deployVersionId}': 'getDeployVersion',
  'DELETE /v1/deploys/{deployId}/versions/{deployVersionId}': 'deleteDeployVersion',
  'GET /v1/deploys/{deployId}/versions/{deployVersionId}/files': 'listDeployVersionFiles',
  'PUT /v1/deploys/{deployId}/aliases/{alias}': 'setAlias',
  'POST /v1/deploys/{deployId}/aliases/{alias}': 'setAliasByPost',
  'GET /v1/deploys/{deployId}/settings': 'getDeploySettings',
  'PATCH /v1/deploys/{deployId}/settings': 'updateDeploySettings',
  'POST /v1/upload-sessions': 'createUploadSession',
  'POST /v1/upload-sessions/{uploadSessionId}/missing-blobs': 'findMissingBlobs',
  'PUT /v1/upload-sessions/{uploadSessionId}/blobs/{sha256}': 'uploadBlob',
  'POST /v1/upload-sessions/{uploadSessionId}/commit': 'commitUploadSession',
  'GET /v1/account': 'getAccount',
  'GET /v1/account/timestamp-authority': 'getTimestampAuthority',
  'PUT /v1/account/timestamp-authority': 'setTimestampAuthority',
  'GET /v1/usage': 'getUsage',
  'POST /v1/render-batches': 'createRenderBatch',
  'GET /v1/render-batches': 'listRenderBatches',
  'GET /v1/render-batches/{batchId}': 'getRenderBatch',
  'DELETE /v1/render-batches/{batchId}': 'cancelRenderBatch',
  'GET /v1/render-batches/{batchId}/items': 'listRenderBatchItems',
  'POST /v1/deploys/{deployId}/versions/{deployVersionId}/checks': 'createVersionCheck',
  'GET /v1/deploys/{deployId}/versions/{deployVersionId}/checks': 'listVersionChecks',
  'GET /v1/deploys/{deployId}/versions/{deployVersionId}/checks/{checkId}': 'getVersionCheck',
  'POST /v1/e-invoices/validate': 'validateEInvoice',
  'POST /v1/e-invoices': 'createEInvoice',
  'POST /v1/render-jobs': 'createRenderJob',
  'GET /v1/render-jobs': 'listRenderJobs',
  'POST /v1/deploys/{deployId}/render-jobs': 'createDeployRenderJob',
  'GET /v1/deploys/{deployId}/render-jobs': 'listDeployRenderJobs',
  'GET /v1/render-jobs/{jobId}': 'getRenderJob',
  'POST /v1/render-jobs/{jobId}/cancel': 'cancelRenderJob',
  'POST /v1/render-jobs/{jobId}/output-download': 'createOutputDownloadLink',
  'POST /v1/render-jobs/{jobId}/output-preview': 'createOutputPreviewLink',
  'DELETE /v1/render-jobs/{jobId}/output': 'deleteOutput',
  'GET /v1/render-jobs/{jobId}/diagnostics': 'getRenderDiagnostics',
  'GET /v1/render-jobs/{jobId}/webhook-deliveries': 'listWebhookDeliveries',
  'POST /v1/render-jobs/{jobId}/webhook-deliveries/redeliver': 'redeliverWebhook',
  'GET /v1/render-jobs/{jobId}/images': 'listPageImages',
  'POST /v1/render': 'render',
  'POST /forms/chromium/convert/html': 'gotenbergConvertHtml',
  'POST /forms/libreoffice/convert': 'gotenbergConvertOffice',
  'POST /forms/chromium/screenshot/html': 'gotenbergScreenshotHtml',
  'POST /forms/chromium/convert/markdown': 'gotenbergConvertMarkdown',
  'POST /forms/chromium/screenshot/markdown': 'gotenbergScreenshotMarkdown',
  'POST /forms/chromium/convert/url': 'gotenbergConvertUrl',
  'POST /forms/chromium/screenshot/url': 'gotenbergScreenshotUrl',
  'POST /forms/pdfengines/merge': 'gotenbergMerge',
  'POST /forms/pdf/merge': 'gotenbergMergePdf',
  'GET /v1/pdfs': 'listPdfs',
  'POST /v1/pdfs': 'uploadPdf',
  'GET /v1/pdfs/{pdfId}/info': 'getPdfInfo',
  'GET /v1/pdfs/{pdfId}/attachments/{name}': 'getPdfAttachment',
  'POST /v1/pdf-jobs': 'runPdfSteps',
  'GET /v1/pdf-jobs/{jobId}': 'getPdfJob',
  'POST /v1/pdfs/zip': 'zipPdfs',
  'POST /v1/pdfs/merge': 'mergePdfs',
  'GET /v1/pdfs/{pdfId}': 'getPdf',
  'DELETE /v1/pdfs/{pdfId}': 'deletePdf',
  'POST /v1/pdfs/{pdfId}/download': 'createPdfDownloadLink',
  'POST /v1/pdfs/{pdfId}/preview': 'createPdfPreviewLink',
  'GET /v1/pdfs/{pdfId}/permanent-links': 'listPermanentLinks',
  'POST /v1/pdfs/{pdfId}/permanent-links': 'createPermanentLink',
  'DELETE /v1/pdfs/{pdfId}/permanent-links/{linkId}': 'deletePermanentLink',
  'GET /v1/pdfs/{pdfId}/thumbnail': 'getPdfThumbnail',
  'GET /v1/files/{token}': 'getSignedFile',
  'HEAD /v1/files/{token}': 'headSignedFile',
  'GET /p/{token}': 'getPermanentLinkFile',
  'HEAD /p/{token}': 'headPermanentLinkFile',
  'GET /v1/api-keys': 'listApiKeys',
  'POST /v1/api-keys': 'createApiKey',
  'DELETE /v1/api-keys/{keyId}': 'revokeApiKey',
  'POST /v1/signing-certificates': 'createSigningCertificate',
  'GET /v1/signing-certificates': 'listSigningCertificates',
  'GET /v1/signing-certificates/{signingCertificateId}': 'getSigningCertificate',
  'DELETE /v1/signing-certificates/{signingCertificateId}': 'deleteSigningCertificate',
};

/**
 * The operationId of `METHOD path` (path as the OpenAPI document writes it, `{param}`): the listed one,
 * else one derived from the method and the path's words (`postV1PdfJobs`), unique but not pretty.
 */
export function operationIdOf(method: string, path: string): string {
  const listed = OPERATION_IDS[`${method.toUpperCase()} ${path}`];
  if (listed) return listed;
  const words = path
    .split('/')
    .filter(Boolean)
    .map((seg) => seg.replace(/[{}]/g, ''))
    .flatMap((seg) => seg.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}
