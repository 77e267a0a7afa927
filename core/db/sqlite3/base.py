"""Django's SQLite backend with its connections reused across threads, and writers queued.

Under ASGI every request runs on a fresh thread, and Django's connections belong to threads, so
each request opened a new SQLite connection: ``sqlite3.connect``, about thirty Python functions
registered, the pragmas run again. A profile of the move path put that at 8% of a move. Here a
closed connection goes back to a small process-wide pool (rolled back first, so it carries no
transaction) and the next thread takes it instead of opening one. Django opens SQLite
connections with ``check_same_thread=False``, and a pooled connection is only ever used by the
one thread that took it. In-memory databases are not pooled (closing them would lose the data).

SQLite lets one writer in at a time. Left to itself, every other writer polls in SQLite's busy
handler with growing sleeps: with two hundred moves in flight the bench saw throughput collapse
and moves wait past the 20 s timeout. Here the threads of a process queue on a lock before
``BEGIN IMMEDIATE`` and get it back when the transaction ends, so they wait without polling and
the database's own lock is contended only between processes. A writer that waits longer than
the database timeout gets SQLite's own "database is locked" error (the page shows a 503).
"""

from __future__ import annotations

import queue
import threading

from django.db import OperationalError
from django.db.backends.sqlite3 import base

POOL_SIZE = 32


class DatabaseWrapper(base.DatabaseWrapper):
    _pools: dict[str, queue.LifoQueue] = {}
    _writer_locks: dict[str, threading.Lock] = {}
    _writer_locks_guard = threading.Lock()
    _writing = False

    def _writer_lock(self) -> threading.Lock:
        name = str(self.settings_dict["NAME"])
        with self._writer_locks_guard:
            return self._writer_locks.setdefault(name, threading.Lock())

    def _start_transaction_under_autocommit(self):
        timeout = float(self.settings_dict.get("OPTIONS", {}).get("timeout", 5))
        if not self._writer_lock().acquire(timeout=timeout):
            # Django's own error class, as a cursor would raise it: the 503 middleware knows it.
            raise OperationalError("database is locked")
        self._writing = True
        try:
            with self.wrap_database_errors:
                super()._start_transaction_under_autocommit()
        except BaseException:
            self._end_writing()
            raise

    def _end_writing(self) -> None:
        if self._writing:
            self._writing = False
            self._writer_lock().release()

    def _commit(self):
        try:
            return super()._commit()
        finally:
            self._end_writing()

    def _rollback(self):
        try:
            return super()._rollback()
        finally:
            self._end_writing()

    def _pool(self) -> queue.LifoQueue | None:
        if self.is_in_memory_db():
            return None
        name = str(self.settings_dict["NAME"])
        return self._pools.setdefault(name, queue.LifoQueue(maxsize=POOL_SIZE))

    def get_new_connection(self, conn_params):
        pool = self._pool()
        if pool is not None:
            try:
                connection = pool.get_nowait()
            except queue.Empty:
                pass
            else:
                # the wait for another process's write lock is the one asked for now, not the one
                # the connection was opened with
                connection.execute(f"PRAGMA busy_timeout = {int(float(conn_params.get('timeout', 5)) * 1000)}")
                return connection
        return super().get_new_connection(conn_params)

    def _close(self):
        self._end_writing()
        pool = self._pool()
        if self.connection is None or pool is None:
            return super()._close()
        connection = self.connection
        try:
            if connection.in_transaction:
                connection.rollback()
            pool.put_nowait(connection)
        except (queue.Full, base.Database.Error):
            connection.close()
