"""Values checked where files are read: one module per kind of file (run, strength,
fidelity, openssl speed) and one for a case record, which runs, strength files and the
history store all hold; the bounds they share are in `bounds`."""
