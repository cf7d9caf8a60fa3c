#!/usr/bin/env node
// The `bis` command: the built CLI (pnpm build writes dist/). A file that exists before the
// build, so installing a fresh clone links the command without a warning.
import "../dist/cli.js";
