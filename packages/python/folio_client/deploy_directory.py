"""``deploy_directory()``: a folder in, a committed deploy version out.

Files are hashed (sha256, a few in parallel), then the four upload calls run: create a session, ask which
blobs are missing, PUT only those (a few in parallel), commit. Blobs are content-addressed, so deploying a
folder again where one file changed sends one blob. Dotfiles and ``node_modules`` folders are left out unless
asked for, or whatever an ``ignore`` predicate says, exactly as the TypeScript SDK's ``deployDirectory``.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence

from .errors import FolioApiError
from .resources import find_deploy_by_slug
from .transport import Transport

JsonObject = Dict[str, Any]

IgnorePredicate = Callable[[str], bool]
"""Called with each file's and folder's path relative to the folder ("/"-separated; a folder's ends in "/"):
True leaves it out (a folder with everything in it)."""

ProgressCallback = Callable[[Dict[str, Any]], None]


@dataclass(frozen=True)
class LocalFile:
    """A file of the folder as a deploy sees it."""

    path: str
    """Bundle path, "/"-separated, relative to the folder."""
    abs_path: str
    size: int


@dataclass(frozen=True)
class DirectoryListing:
    """What ``scan_directory`` found: the files to upload and what was left out (sorted; folders end in "/")."""

    files: List[LocalFile]
    ignored: List[str]


@dataclass(frozen=True)
class DeployResult:
    """What ``deploy_directory`` did."""

    deploy_id: str
    slug: Optional[str]
    created_deploy: bool
    """True when this call created the deploy."""
    deploy_version: JsonObject
    """The commit's ``deployVersion`` (``id``, ``versionNo``, ``displayId``, ``treeHash``, ...)."""
    unchanged: bool
    """True when the folder and settings equal the deploy's latest version, which is ``deploy_version`` (nothing new was made)."""
    version: int
    """The version number (``vK``)."""
    files: int
    new_blobs: int
    """Distinct blobs the server did not have, uploaded now."""
    bytes_sent: int
    total_bytes: int
    alias: Optional[str]
    ignored: List[str] = field(default_factory=list)

    @property
    def deploy_version_id(self) -> str:
        """The new version's id (``ver_...``)."""
        return str(self.deploy_version["id"])


def default_ignore(include_dotfiles: bool = False, include_node_modules: bool = False) -> IgnorePredicate:
    """The SDKs' default: names starting with "." and ``node_modules`` folders are left out."""

    def ignores(rel: str) -> bool:
        name = rel.rstrip("/").split("/")[-1]
        if not include_dotfiles and name.startswith("."):
            return True
        return not include_node_modules and rel.endswith("/") and name == "node_modules"

    return ignores


def scan_directory(
    directory: str,
    *,
    ignore: Optional[IgnorePredicate] = None,
    include_dotfiles: bool = False,
    include_node_modules: bool = False,
) -> DirectoryListing:
    """The files of a folder as a deploy uploads them: regular files, symlinks followed (loops skipped), in name order.

    ``ignore`` replaces the dotfile and ``node_modules`` defaults when given.
    """
    root = os.path.abspath(directory)
    if not os.path.exists(root):
        raise FileNotFoundError(f"folder not found: {directory}")
    if not os.path.isdir(root):
        raise NotADirectoryError(f"not a folder: {directory}")
    ignores = ignore or default_ignore(include_dotfiles, include_node_modules)
    files: List[LocalFile] = []
    ignored: List[str] = []
    seen = set()

    def walk(abs_dir: str, rel: str) -> None:
        real = os.path.realpath(abs_dir)
        if real in seen:  # a symlink loop
            return
        seen.add(real)
        for name in sorted(os.listdir(abs_dir)):
            child = os.path.join(abs_dir, name)
            child_rel = f"{rel}/{name}" if rel else name
            try:
                st = os.stat(child)  # follows symlinks
            except OSError:
                continue  # a dangling symlink
            if os.path.isdir(child):
                # As in git: a folder left out is not entered, so a rule cannot re-include a file inside it.
                if ignores(child_rel + "/"):
                    ignored.append(child_rel + "/")
                else:
                    walk(child, child_rel)
            elif os.path.isfile(child):
                if ignores(child_rel):
                    ignored.append(child_rel)
                else:
                    files.append(LocalFile(child_rel, child, st.st_size))

    walk(root, "")
    return DirectoryListing(files, sorted(ignored))


def sha256_file(path: str) -> str:
    """The lowercase hex sha256 of a file, read in 256 KiB chunks."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(256 * 1024), b""):
            h.update(chunk)
    return h.hexdigest()


def tree_hash(descriptors: Sequence[Mapping[str, Any]]) -> str:
    """The server's ``treeHash`` of these files (folder-relative paths).

    sha256 over ``/path\\0sha256\\0size\\n`` of each, sorted by path: the stored path, with its leading "/".
    """
    h = hashlib.sha256()
    for d in sorted(descriptors, key=lambda d: str(d["path"])):
        h.update(f"/{d['path']}\0{d['sha256']}\0{d['size']}\n".encode("utf-8"))
    return h.hexdigest()


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def same_as_latest(latest: Mapping[str, Any], tree: str, render: Mapping[str, Any]) -> bool:
    """Whether committing files of this tree hash with these render settings would repeat ``latest``.

    Every setting counts: route, title, timeout, metadata (key order aside), failOn (order aside). This client
    sends no engine, so the server infers it from the entry's extension: a latest version whose engine was
    declared for an HTML or .docx entry would change.
    """
    route = str(render["route"])
    declared_before = latest.get("engine") not in (None, "html") and re.search(r"(/|\.html?|\.docx)$", route, re.I) is not None
    metadata_before = json.loads(latest["metadataJson"]) if latest.get("metadataJson") is not None else None
    return (
        latest.get("treeHash") == tree
        and latest.get("route") == route
        and latest.get("title") == render["title"]
        and latest.get("renderTimeoutMs") == render.get("renderTimeoutMs")
        and _canonical(metadata_before) == _canonical(render.get("metadata"))
        and sorted(latest.get("failOn") or []) == sorted(render.get("failOn") or [])
        and not declared_before
    )


def deploy_directory(
    transport: Transport,
    directory: str,
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
    """Deploys a folder as a new version (see ``Folio.deploy_directory`` for the options)."""
    if not slug and not deploy_id:
        raise ValueError("deploy_directory: give slug or deploy_id")
    progress: ProgressCallback = on_progress or (lambda event: None)
    listing = scan_directory(directory, ignore=ignore, include_dotfiles=include_dotfiles, include_node_modules=include_node_modules)
    listed = listing.files
    if not listed:
        left = f" ({len(listing.ignored)} left out: {', '.join(listing.ignored[:5])})" if listing.ignored else ""
        raise ValueError(f"nothing to deploy: {directory} has no files{left}")
    total_bytes = sum(f.size for f in listed)
    progress({"phase": "scan", "files": len(listed), "bytes": total_bytes, "ignored": len(listing.ignored)})

    workers = max(1, concurrency)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        hashes = list(pool.map(lambda f: sha256_file(f.abs_path), listed))
    progress({"phase": "hash", "done": len(listed), "total": len(listed), "bytesDone": total_bytes, "bytesTotal": total_bytes})
    descriptors = [{"path": f.path, "sha256": h, "size": f.size} for f, h in zip(listed, hashes)]

    # The deploy: given, found by slug, or created with the session (one transaction on the server).
    target_id = deploy_id
    if not target_id:
        found = find_deploy_by_slug(transport, str(slug))
        target_id = str(found["id"]) if found else None
    version_title = title or slug or os.path.basename(os.path.abspath(directory))
    render: JsonObject = {"route": route, "title": version_title}
    if render_timeout_ms is not None:
        render["renderTimeoutMs"] = render_timeout_ms
    if metadata is not None:
        render["metadata"] = dict(metadata)
    if fail_on is not None:
        render["failOn"] = list(fail_on)

    def finish(version: JsonObject, created: bool, unchanged: bool, new_blobs: int, bytes_sent: int) -> DeployResult:
        """Points the alias at the resulting version (when asked) and answers the result."""
        if alias:
            progress({"phase": "alias", "alias": alias})
            transport.call(
                "PUT",
                "/v1/deploys/{deployId}/aliases/{alias}",
                path={"deployId": str(version["deployId"]), "alias": alias},
                body={"deployVersionId": version["id"]},
            )
        return DeployResult(
            deploy_id=str(version["deployId"]),
            slug=slug,
            created_deploy=created,
            deploy_version=version,
            unchanged=unchanged,
            version=int(version["versionNo"]),
            files=len(listed),
            new_blobs=new_blobs,
            bytes_sent=bytes_sent,
            total_bytes=total_bytes,
            alias=alias,
            ignored=listing.ignored,
        )

    # Nothing changed since the deploy's latest version: that version is the answer, with nothing sent
    # (every commit makes a new version and counts as a deploy commit, so the client compares first).
    if target_id and not new_version:
        page = transport.call("GET", "/v1/deploys/{deployId}/versions", path={"deployId": target_id}, query={"limit": 1})
        items = page.get("items") or []
        latest = items[0] if items else None
        if latest is not None and same_as_latest(latest, tree_hash(descriptors), render):
            return finish(latest, created=False, unchanged=True, new_blobs=0, bytes_sent=0)

    def create_session(existing: Optional[str]) -> JsonObject:
        target: JsonObject = {"deployId": existing} if existing else {"createDeploy": {"slug": slug, "name": name or title or slug}}
        return transport.call("POST", "/v1/upload-sessions", body={**target, "files": descriptors}, idempotency_key=idempotency_key)

    created_deploy = False
    try:
        session = create_session(target_id)
        created_deploy = target_id is None
    except FolioApiError as err:
        # Someone created the slug between the lookup and the session: use theirs.
        if err.code != "deploy_slug_conflict" or target_id:
            raise
        found = find_deploy_by_slug(transport, str(slug))
        if not found:
            raise
        target_id = str(found["id"])
        session = create_session(target_id)
    upload = session["uploadSession"]
    session_id = str(upload["id"])
    token = {"X-Upload-Token": str(session["uploadToken"])}

    progress({"phase": "check", "files": len(descriptors)})
    missing = transport.call(
        "POST",
        "/v1/upload-sessions/{uploadSessionId}/missing-blobs",
        path={"uploadSessionId": session_id},
        body={"files": descriptors},
        headers=token,
    )
    by_hash = {h: f for f, h in zip(listed, hashes)}
    to_upload = [(b["sha256"], by_hash[b["sha256"]]) for b in missing.get("missingBlobs", []) if b.get("sha256") in by_hash]
    upload_total = sum(f.size for _, f in to_upload)
    progress({"phase": "upload", "done": 0, "total": len(to_upload), "bytesDone": 0, "bytesTotal": upload_total})

    def put_blob(item: Any) -> bool:
        sha, f = item
        with open(f.abs_path, "rb") as fh:  # at most 10 MiB: a retried PUT sends the same bytes again
            data = fh.read()
        res = transport.send(
            "PUT",
            f"/v1/upload-sessions/{session_id}/blobs/{sha}",
            data=data,
            headers=token,
            retry_safe=True,
            what=f"PUT blob {f.path}",
        )
        return not bool(res.json().get("alreadyPresent"))

    with ThreadPoolExecutor(max_workers=workers) as pool:
        fresh = list(pool.map(put_blob, to_upload))
    progress({"phase": "upload", "done": len(to_upload), "total": len(to_upload), "bytesDone": upload_total, "bytesTotal": upload_total})

    progress({"phase": "commit"})
    commit: JsonObject = {
        "entries": [{"path": d["path"], "blobHash": d["sha256"], "size": d["size"]} for d in descriptors],
        "render": render,
    }
    committed = transport.call(
        "POST", "/v1/upload-sessions/{uploadSessionId}/commit", path={"uploadSessionId": session_id}, body=commit, headers=token
    )
    new_blobs = sum(1 for x in fresh if x)
    return finish(committed["deployVersion"], created=created_deploy, unchanged=False, new_blobs=new_blobs, bytes_sent=upload_total)
