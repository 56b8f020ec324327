#!/usr/bin/env node
process.stdout.write("stratus-tui: not built yet\n");
