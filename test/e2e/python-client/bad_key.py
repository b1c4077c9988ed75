"""A wrong API key: FolioApiError 401 unauthorized with the response's request id."""

import os

from _common import emit
from folio_client import Folio, FolioApiError, FolioError

folio = Folio(os.environ["FOLIO_API_URL"], "folio_sk_" + "x" * 40, max_retries=0)
try:
    folio.usage()
    emit({"raised": False})
except FolioApiError as err:
    emit(
        {
            "raised": True,
            "class": type(err).__name__,
            "isFolioError": isinstance(err, FolioError),
            "status": err.status,
            "code": err.code,
            "message": err.message,
            "requestId": err.request_id,
            "details": err.details,
        }
    )
