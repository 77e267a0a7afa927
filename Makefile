# Meeple Hall: `make run` serves the portal, `make test` runs every test. Both set up from nothing.
# `make run` is safe by default (DEBUG off, a secret key generated once into var/secret_key, static
# files hashed and served by WhiteNoise); `make dev` serves with DEBUG=1 for development.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PLUGINS := $(patsubst %/pyproject.toml,%,$(wildcard plugins/*/pyproject.toml))
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run dev prepare test install install-dev browsers services-deps lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.installed: $(BIN)/python pyproject.toml $(wildcard plugins/*/pyproject.toml)
	$(BIN)/pip install --quiet -e . $(addprefix -e ,$(PLUGINS))
	touch $@

$(VENV)/.installed-dev: $(VENV)/.installed
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@

install: $(VENV)/.installed

install-dev: $(VENV)/.installed-dev

prepare: install
	$(BIN)/python manage.py migrate --no-input
	$(BIN)/python manage.py createcachetable
	$(BIN)/python manage.py collectstatic --no-input --verbosity 0

# Plain HTTP on this machine, so cookies may not be Secure-only (SECURE_COOKIES=0); behind a TLS
# proxy run daphne as the README's production section says, where cookies stay Secure.
# daphne is started through core.serve, which closes a connection that sends nothing for
# HTTP_IDLE_TIMEOUT seconds (default 15) while a request arrives; daphne alone waits 60 s, so
# slow partial requests held it (its own options cannot change that; see core/serve.py).
run: prepare
	DEBUG=0 SECURE_COOKIES=$${SECURE_COOKIES:-0} $(BIN)/python -m core.serve -b $(HOST) -p $(PORT) config.asgi:application

dev: prepare
	DEBUG=1 $(BIN)/python -m core.serve -b $(HOST) -p $(PORT) config.asgi:application

# Debian's Chromium for the browser tests, and Redis for the scale-out tests (PostgreSQL's server
# binaries come with the machine). Installed only when missing.
browsers:
	@command -v chromium >/dev/null 2>&1 || { \
	  SUDO=$$(command -v sudo >/dev/null 2>&1 && [ "$$(id -u)" != 0 ] && echo sudo); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium fonts-noto-color-emoji >/dev/null; }

services-deps:
	@command -v redis-server >/dev/null 2>&1 || { \
	  SUDO=$$(command -v sudo >/dev/null 2>&1 && [ "$$(id -u)" != 0 ] && echo sudo); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq redis-server >/dev/null; }

# One pytest worker per CPU (pytest-xdist): on two cores the suite takes about 10 minutes instead
# of about 14 in one process.
test: install-dev browsers services-deps
	$(BIN)/python -m pytest -q -n auto

lint: install-dev
	$(BIN)/ruff check .

bench: install
	$(BIN)/python manage.py playout tictactoe --games 1000 --json

clean:
	rm -rf $(VENV) var
