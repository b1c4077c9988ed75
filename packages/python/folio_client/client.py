"""``Folio``: the client. Resource groups (``deploys``, ``render_jobs``, ``render_batches``, ``pdfs``) and the
workflows most programs need in one call: ``deploy_directory``, ``render``, ``render_job`` + ``wait_for_job``,
``render_batch``, ``download``."""

from __future__ import annotations

import os
from typing import Any, Callable, Dict, Iterator, Mapping, Optional, Sequence, Union, overload

from .batches import BatchProgress, RenderBatches, render_batch
from .deploy_directory import DeployResult, IgnorePredicate, ProgressCallback, deploy_directory
from .download import DownloadRef, DownloadResult, read_verified, resolve_url, write_verified
from .pagination import paginate
from .render import PendingRender, RenderResult, job_body, render_sync, wait_for_job
from .resources import Deploys, Pdfs, RenderJobs
from .transport import DEFAULT_USER_AGENT, Transport

JsonObject = Dict[str, Any]
DeployRef = Union[str, Mapping[str, Any], None]
"""A deploy id (``dep_...``) or slug, a whole job body as a mapping, or None for an inline job (``html=...``)."""


class Folio:
    """A Folio API client.

    ``base_url`` is where Folio serves (a trailing ``/`` or ``/v1`` is ignored); ``api_key`` is sent as
    ``Authorization: Bearer ...`` (never to signed links). ``timeout`` is the socket timeout of one attempt in
    seconds (long polls add their wait). ``max_retries`` retries follow a network error (for requests that
    cannot create anything twice) or a 429/503 answer, after its ``Retry-After`` when that is at most
    ``max_retry_delay`` seconds (a longer one is raised at once), else after a backoff from ``retry_base_delay``.
    """

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        timeout: float = 120.0,
        max_retries: int = 3,
        max_retry_delay: float = 30.0,
        retry_base_delay: float = 0.25,
        user_agent: str = DEFAULT_USER_AGENT,
    ) -> None:
        self.transport = Transport(
            base_url,
            api_key,
            timeout=timeout,
            max_retries=max_retries,
            max_retry_delay=max_retry_delay,
            retry_base_delay=retry_base_delay,
            user_agent=user_agent,
        )
        self.deploys = Deploys(self.transport)
        self.render_jobs = RenderJobs(self.transport)
        self.render_batches = RenderBatches(self.transport)
        self.pdfs = Pdfs(self.transport)

    @property
    def base_url(self) -> str:
        """Where the client sends requests (without a trailing ``/v1``)."""
        return self.transport.base_url

    def request(
        self,
        method: str,
        route: str,
        *,
        path: Optional[Mapping[str, str]] = None,
        query: Optional[Mapping[str, Any]] = None,
        body: Any = None,
        idempotency_key: Optional[str] = None,
        headers: Optional[Mapping[str, str]] = None,
    ) -> JsonObject:
        """Any operation of the API: ``folio.request("GET", "/v1/deploys/{deployId}", path={"deployId": d})``."""
        return self.transport.call(method, route, path=path, query=query, body=body, idempotency_key=idempotency_key, headers=headers)

    def paginate(
        self, route: str, *, path: Optional[Mapping[str, str]] = None, query: Optional[Mapping[str, Any]] = None
    ) -> Iterator[JsonObject]:
        """Every item of any list operation (``GET /v1/...`` answering ``{items, nextCursor}``), page after page."""
        return paginate(self.transport, route, path=path, query=query)

    def account(self) -> JsonObject:
        """``GET /v1/account``."""
        return self.transport.call("GET", "/v1/account")

    def usage(self) -> JsonObject:
        """``GET /v1/usage``: the plan, its policy and this period's meters."""
        return self.transport.call("GET", "/v1/usage")

    def deploy_directory(
        self,
        path: Union[str, "os.PathLike[str]"],
        *,
        slug: Optional[str] = None,
        deploy_id: Optional[str] = None,
        name: Optional[str] = None,
        title: Optional[str] = None,
        route: str = "/",
        render_timeout_ms: Optional[int] = None,
        metadata: Optional[Mapping[str, Any]] = None,
        fail_on: Optional[Sequence[str]] = None,
        alias: Optional[str] = None,
        new_version: bool = False,
        ignore: Optional[IgnorePredicate] = None,
        include_dotfiles: bool = False,
        include_node_modules: bool = False,
        concurrency: int = 8,
        idempotency_key: Optional[str] = None,
        on_progress: Optional[ProgressCallback] = None,
    ) -> DeployResult:
        """Deploys a folder as a new version: hash every file, upload only the blobs the server lacks, commit.

        Give ``slug`` (the deploy is found by it, or created with ``name``) or ``deploy_id``. ``title`` and
        ``route`` are the version's (defaults: the slug, ``/``); ``render_timeout_ms``, ``metadata`` and
        ``fail_on`` its ``render`` settings; ``alias`` is pointed at the new version. A folder and settings identical
        to the deploy's latest version are not uploaded or committed: that version is the result (``unchanged``
        True) unless ``new_version`` is True (every commit makes a new version and counts). Dotfiles and
        ``node_modules`` are left out unless included; ``ignore(rel_path)`` replaces that rule (folders are
        passed with a trailing "/"). ``on_progress`` receives ``{"phase": "scan" | "hash" | "check" | "upload" |
        "commit" | "alias", ...}``. Returns a DeployResult (``version``, ``deploy_version_id``, ``unchanged``, ``new_blobs``, ...).
        """
        return deploy_directory(
            self.transport,
            os.fspath(path),
            slug=slug,
            deploy_id=deploy_id,
            name=name,
            title=title,
            route=route,
            render_timeout_ms=render_timeout_ms,
            metadata=metadata,
            fail_on=fail_on,
            alias=alias,
            new_version=new_version,
            ignore=ignore,
            include_dotfiles=include_dotfiles,
            include_node_modules=include_node_modules,
            concurrency=concurrency,
            idempotency_key=idempotency_key,
            on_progress=on_progress,
        )

    def job_body(self, deploy: DeployRef = None, *, version: Optional[str] = None, payload: Any = None, **fields: Any) -> JsonObject:
        """The render job body that ``render``, ``render_job`` and ``render_and_wait`` send for these arguments."""
        return job_body(deploy, version=version, payload=payload, fields=fields)

    def render(
        self,
        deploy: DeployRef = None,
        *,
        version: Optional[str] = None,
        payload: Any = None,
        wait_seconds: Optional[int] = None,
        idempotency_key: Optional[str] = None,
        **fields: Any,
    ) -> Union[RenderResult, PendingRender]:
        """One request, one PDF (``POST /v1/render``): the server creates a job and answers its PDF when it succeeds
        within ``wait_seconds`` (default 60, or the version's render timeout + 10 s when lower).

        ``deploy`` is a deploy id or slug (with ``version``: a version id, alias or ``latest``, the default), a whole
        job body, or None with ``html=...`` / ``markdown=...`` (and ``files={path: bytes}``) for an inline job.
        Other keyword arguments are job fields (``business_key``, ``output_mode``, ``pdf``, ``print``, ...).
        Returns a RenderResult (``pdf``, ``page_count``, ``sha256`` checked, ``job_id``) or a PendingRender (the
        wait ran out: follow ``result.job["id"]`` with ``wait_for_job``). Raises FolioRenderError when the job
        fails or is canceled. A random Idempotency-Key is sent unless given, so a retry renders once.
        """
        body = self.job_body(deploy, version=version, payload=payload, **fields)
        return render_sync(self.transport, body, wait_seconds=wait_seconds, idempotency_key=idempotency_key)

    def render_job(
        self,
        deploy: DeployRef = None,
        *,
        version: Optional[str] = None,
        payload: Any = None,
        idempotency_key: Optional[str] = None,
        **fields: Any,
    ) -> JsonObject:
        """Creates a render job (``POST /v1/render-jobs``, with an Idempotency-Key) and returns the job (``queued``).

        Arguments as for ``render``. Follow it with ``wait_for_job(job["id"])``.
        """
        body = self.job_body(deploy, version=version, payload=payload, **fields)
        return dict(self.render_jobs.create(body, idempotency_key=idempotency_key)["job"])

    def wait_for_job(self, job_id: str, timeout: float = 120.0, *, on_update: Optional[Callable[[JsonObject], None]] = None) -> JsonObject:
        """Waits for a job with the long poll (one request per 30 s of waiting) and returns ``{job, output, pdf?}``.

        Raises FolioRenderError (``code`` = the job's ``errorCode``) when it fails or is canceled, FolioTimeoutError
        when ``timeout`` seconds pass first (the job keeps running). ``on_update`` gets the job after every answer.
        """
        return wait_for_job(self.transport, job_id, timeout=timeout, on_update=on_update)

    def render_and_wait(
        self,
        deploy: DeployRef = None,
        *,
        version: Optional[str] = None,
        payload: Any = None,
        timeout: float = 120.0,
        idempotency_key: Optional[str] = None,
        **fields: Any,
    ) -> JsonObject:
        """``render_job`` then ``wait_for_job``: returns ``{job, output, pdf?}`` of the succeeded job."""
        job = self.render_job(deploy, version=version, payload=payload, idempotency_key=idempotency_key, **fields)
        return self.wait_for_job(str(job["id"]), timeout)

    def render_batch(
        self,
        deploy: Union[str, Mapping[str, Any]],
        items: Optional[Sequence[Mapping[str, Any]]] = None,
        *,
        version: str = "latest",
        poll_interval: float = 1.0,
        timeout: float = 600.0,
        idempotency_key: Optional[str] = None,
        on_progress: Optional[BatchProgress] = None,
        **fields: Any,
    ) -> JsonObject:
        """Creates a render batch and polls it until ``completed``; returns the final batch.

        ``deploy`` is a deploy id or slug with ``items`` (``[{"payload": ..., "businessKey": ...}, ...]``, up to
        1,000) or a whole batch body. Other keyword arguments are batch fields (``business_key``, ``combine``:
        ``"none" | "merge" | "zip"``, ``item_webhooks``). Failed items do not raise: see ``counts["failed"]`` and
        ``render_batches.iterate_items(batch["id"], status="failed")``. The same ``idempotency_key`` within 24 h
        attaches to the same batch.
        """
        body = self.job_body(deploy, version=version if isinstance(deploy, str) else None, **fields)
        if items is not None:
            body["items"] = [dict(item) for item in items]
        return render_batch(
            self.transport, body, poll_interval=poll_interval, timeout=timeout, idempotency_key=idempotency_key, on_progress=on_progress
        )

    @overload
    def download(self, ref: DownloadRef, dest: None = None, *, expires_in_seconds: Optional[int] = None) -> bytes: ...

    @overload
    def download(
        self, ref: DownloadRef, dest: Union[str, "os.PathLike[str]"], *, expires_in_seconds: Optional[int] = None
    ) -> DownloadResult: ...

    def download(
        self, ref: DownloadRef, dest: Union[str, "os.PathLike[str]", None] = None, *, expires_in_seconds: Optional[int] = None
    ) -> Union[bytes, DownloadResult]:
        """Downloads a PDF: a job's output (``job_...``), a managed PDF (``pdf_...``), a signed or permanent URL, or
        an object naming one (a job, a ``wait_for_job`` result, a webhook event's ``data``, an ``{access}`` link).

        A signed link is asked for when needed; the file itself is fetched without the API key. The bytes are
        checked against the answer's sha256 ``ETag`` and ``Content-Length``. Without ``dest`` returns the bytes;
        with it, writes the file (temporary name, then renamed) and returns a DownloadResult.
        """
        url = resolve_url(self.render_jobs, self.pdfs, ref, expires_in_seconds)
        if dest is None:
            return read_verified(self.transport, url)
        return write_verified(self.transport, url, dest)
