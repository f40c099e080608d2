-- | The Cabal "Simple" build, compiled once (build/setup/Setup) to build the Hackage
-- packages that come as source (hackage-pkg.sh): what `cabal` itself runs for a package
-- of build-type Simple, with nothing but GHC's own Cabal library.
import Distribution.Simple (defaultMain)

main :: IO ()
main = defaultMain
