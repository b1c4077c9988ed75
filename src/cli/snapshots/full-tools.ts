// The snapshot tools of the full `folio`: the PDF library's capture (poppler, under its memory limit) and
// judge (pixels decoded by sharp), as a version's checks on the server use them.
import { isPdfError } from '../../pdf/errors.js';
import { capturePdf, SNAPSHOT_DPI } from '../../pdf/snapshots/snapshot-capture.js';
import { judge } from '../../pdf/snapshots/snapshot-judge.js';
import { popplerError, type SnapshotTools } from './tools.js';

export const fullTools: SnapshotTools = {
  dpi: SNAPSHOT_DPI,
  async capture(pdf) {
    try {
      return await capturePdf(pdf);
    } catch (err) {
      if (isPdfError(err, 'poppler_missing', 'pdftotext_failed')) throw popplerError(err.kind, err.message);
      throw err;
    }
  },
  judge,
};
