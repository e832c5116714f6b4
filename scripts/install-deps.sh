#!/usr/bin/env bash
# Installs the system packages NavShell builds against (Debian/Ubuntu), only if missing.
set -euo pipefail
# libcurl4-openssl-dev: the live GitHub source; neovim runs the editor plugin's headless test,
# emacs-nox the Emacs package's tests and elpa-package-lint MELPA's lint of it; jq runs the
# README's shell pipeline in the Python package's documentation test.
packages=(libuv1-dev libsqlite3-dev libcurl4-openssl-dev pkg-config neovim emacs-nox elpa-package-lint jq)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
# The live source's tests run a local fake GitHub server written in Python.
command -v python3 >/dev/null || missing+=(python3)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "installing: ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
