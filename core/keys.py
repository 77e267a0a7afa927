"""Keys made once on first use and kept in a file of ``var/``: the secret key, the Web Push
(VAPID) key. No key is ever shared through the source code, and it survives restarts."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path


def kept(path: Path, make: Callable[[], str]) -> str:
    """The text stored in ``path``, made by ``make`` on first use; readable by its owner only.

    Written whole under a private name, then linked into place: processes starting together
    never read a half-written key, and the first link wins.
    """
    if not path.exists():
        draft = path.with_name(f".{path.name}.{os.getpid()}")
        descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w") as out:
            out.write(make())
        try:
            os.link(draft, path)
        except FileExistsError:
            pass
        finally:
            draft.unlink()
    return path.read_text().strip()
