"""Library cards: each implementation's speed, fidelity, ease of use, defaults and build,
joined from what hashbench has measured on this machine and what its catalog knows; and
`pick`'s ranking of the cards of one runtime and algorithm (docs/pick.md)."""
