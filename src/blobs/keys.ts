// Storage key layout. Blobs are content-addressed and shared between accounts underneath (dedup is an
// accounting matter, see services/uploads.ts); everything else is per object.

export const blobKey = (sha256: string) => `blobs/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
export const renderIndexKey = (indexHash: string) => `render-index/${indexHash}.json`;
export const renderPackKey = (indexHash: string) => `render-packs/${indexHash}.pack`;
export const outputKey = (outputId: string) => `outputs/${outputId}.pdf`;
export const pdfKey = (pdfId: string) => `pdfs/${pdfId}.pdf`;
/** A render batch's zip product (a render_outputs row whose job_id is the batch id). */
export const zipKey = (outputId: string) => `outputs/${outputId}.zip`;
/** A page image of a job, or a managed PDF's thumbnail (page_images). */
export const imageKey = (imageId: string, format: 'png' | 'jpeg' | 'webp') => `images/${imageId}.${format === 'jpeg' ? 'jpg' : format}`;
