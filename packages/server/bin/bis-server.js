#!/usr/bin/env node
// The `bis-server` command: the built server's command line (pnpm build writes dist/). A file
// that exists before the build, so installing a fresh clone links the command without a warning.
import "../dist/cli.js";
