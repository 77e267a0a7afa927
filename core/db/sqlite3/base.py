"""Django's SQLite backend with its connections reused across threads.

Under ASGI every request runs on a fresh thread, and Django's connections belong to threads, so
each request opened a new SQLite connection: ``sqlite3.connect``, about thirty Python functions
registered, the pragmas run again. A profile of the move path put that at 8% of a move. Here a
closed connection goes back to a small process-wide pool (rolled back first, so it carries no
transaction) and the next thread takes it instead of opening one. Django opens SQLite
connections with ``check_same_thread=False``, and a pooled connection is only ever used by the
one thread that took it. In-memory databases are not pooled (closing them would lose the data).
"""

from __future__ import annotations

import queue

from django.db.backends.sqlite3 import base

POOL_SIZE = 32


class DatabaseWrapper(base.DatabaseWrapper):
    _pools: dict[str, queue.LifoQueue] = {}

    def _pool(self) -> queue.LifoQueue | None:
        if self.is_in_memory_db():
            return None
        name = str(self.settings_dict["NAME"])
        return self._pools.setdefault(name, queue.LifoQueue(maxsize=POOL_SIZE))

    def get_new_connection(self, conn_params):
        pool = self._pool()
        if pool is not None:
            try:
                return pool.get_nowait()
            except queue.Empty:
                pass
        return super().get_new_connection(conn_params)

    def _close(self):
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
