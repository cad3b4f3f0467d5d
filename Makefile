# Delver: `make run` starts the game, `make test` runs every test.
# Both build the virtual environment in .venv first (only when needed).

SHELL := /bin/bash
VENV := .venv
VPY := $(VENV)/bin/python
STAMP := $(VENV)/.delver-installed

.PHONY: run stop status test test-fast test-evennia venv migrations clean-venv

run: venv
	@$(VPY) -m server.control run

stop:
	@if [ -x $(VPY) ]; then $(VPY) -m server.control stop; else echo "Delver is not installed here (no .venv): nothing to stop."; fi

status: venv
	@$(VPY) -m server.control status

test: venv
	@$(VPY) -m server.control test

# Unit and command tests only (no real server, browser or PostgreSQL).
test-fast: venv
	@$(VPY) -m pytest -q -m "not e2e and not browser"

# Evennia's own core test suite with every patch installed (part of make test).
test-evennia: venv
	@$(VPY) -m server.evennia_tests

venv: $(STAMP)

$(STAMP): requirements.lock pyproject.toml
	@PY="$$(./.ci/find-python)" || exit 1; \
	if [ ! -x $(VPY) ] || ! $(VPY) -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then \
		rm -rf $(VENV); echo "Creating $(VENV) with $$PY"; "$$PY" -m venv $(VENV) || exit 1; \
	fi; \
	$(VPY) -m pip install --quiet --disable-pip-version-check -r requirements.lock || exit 1; \
	touch $(STAMP)

# Write the migration for one of the game's apps: make migrations APP=digger
# (never a bare makemigrations: it would write into Evennia's installed package).
migrations: venv
	@$(VPY) -m server.makemigrations $(APP)

clean-venv:
	rm -rf $(VENV)
