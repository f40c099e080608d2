"""Reports: terminal tables in the style of deno bench / mitata, group summaries."""
