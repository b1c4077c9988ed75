// Row types of what renders produce: job outputs, managed PDFs with their permanent links and storage
// meters, and page images.
// Timestamps are integer epoch milliseconds and booleans 0/1 integers (see tables.ts). Each kind of stored
// file has the same lifecycle, StoredFileState (domain/stored-files.ts).
import type { StoredFileState } from '../../domain/stored-files.js';

export interface RenderOutputsTable {
  id: string;
  job_id: string;
  account_id: string;
  storage_key: string;
  file_name: string;
  sha256: string;
  bytes: number;
  page_count: number;
  managed: number;
  /** A managed job's output (no bytes of its own) goes straight from available to deleted. */
  state: StoredFileState;
  created_at: number;
  expires_at: number | null;
  deleted_at: number | null;
  /** The browser that printed the PDF ("HeadlessChrome/156.0.8078.73"); NULL before it was recorded, and for zips. */
  browser_version: string | null;
}

export interface ManagedPdfsTable {
  id: string;
  account_id: string;
  deploy_id: string;
  deploy_version_id: string;
  render_job_id: string;
  business_key: string;
  file_name: string;
  storage_key: string;
  sha256: string;
  bytes: number;
  page_count: number;
  state: StoredFileState;
  created_at: number;
  deleted_at: number | null;
  /** 1 when the PDF is encrypted (the job asked for protection). */
  protected: number;
}

export interface PermanentLinksTable {
  id: string;
  pdf_id: string;
  account_id: string;
  token: string;
  created_at: number;
}

export interface PdfStorageDaysTable {
  account_id: string;
  day: string;
  peak_bytes: number;
  /** Bytes held after the day's last change: the carried-over peak of the following quiet days. */
  end_bytes: number;
}

export interface PdfStorageCurrentTable {
  account_id: string;
  bytes: number;
}

/** One stored page image: a job's page (`job_id`) or a managed PDF's thumbnail (`pdf_id`); migration 013. */
export interface PageImagesTable {
  id: string;
  account_id: string;
  job_id: string | null;
  pdf_id: string | null;
  page: number;
  format: 'png' | 'jpeg' | 'webp';
  width: number;
  height: number;
  bytes: number;
  sha256: string;
  storage_key: string;
  state: StoredFileState;
  created_at: number;
  expires_at: number | null;
  deleted_at: number | null;
}
