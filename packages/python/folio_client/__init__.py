"""A client for the Folio document rendering API, with the standard library only.

    from folio_client import Folio

    folio = Folio("http://127.0.0.1:8080", "folio_sk_...")
    result = folio.deploy_directory("examples/invoice", slug="invoice")
    r = folio.render(result.deploy_id, payload={"invoiceNumber": "INV-1"})

See docs/sdk-python.md in the Folio repository.
"""

from .batches import RenderBatches
from .client import Folio
from .deploy_directory import DeployResult, DirectoryListing, LocalFile, default_ignore, scan_directory, sha256_file
from .download import DownloadResult
from .errors import (
    FolioApiError,
    FolioBatchProductError,
    FolioError,
    FolioIntegrityError,
    FolioNetworkError,
    FolioRenderError,
    FolioTimeoutError,
    WebhookVerificationError,
)
from .headers import WarningCount, parse_warnings_header
from .render import PendingRender, RenderResult
from .resources import Deploys, Pdfs, RenderJobs
from .retry import retry_after_seconds
from .webhooks import sign_webhook, verify_webhook

__version__ = "0.1.0"

__all__ = [
    "Deploys",
    "DeployResult",
    "DirectoryListing",
    "DownloadResult",
    "Folio",
    "FolioApiError",
    "FolioBatchProductError",
    "FolioError",
    "FolioIntegrityError",
    "FolioNetworkError",
    "FolioRenderError",
    "FolioTimeoutError",
    "LocalFile",
    "Pdfs",
    "PendingRender",
    "RenderBatches",
    "RenderJobs",
    "RenderResult",
    "WarningCount",
    "WebhookVerificationError",
    "default_ignore",
    "parse_warnings_header",
    "retry_after_seconds",
    "scan_directory",
    "sha256_file",
    "sign_webhook",
    "verify_webhook",
]
