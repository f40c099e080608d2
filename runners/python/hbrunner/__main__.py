from hbrunner.core import main

main()
