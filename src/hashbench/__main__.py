from hashbench.cli import main

raise SystemExit(main())
