# Sourced (`source scripts/node-path.sh`) by the scripts that run Node.js: scripts/start.sh, test.sh, check.sh,
# build.sh, setup.sh, test-image.sh and .ci/run. It puts the project's own Node.js first on PATH: the one
# scripts/setup.sh installs from the npm registry into .tools/node when this machine's Node.js is older than
# the supported line (package.json "engines"). The folder is put on PATH even before it exists, so that a
# script sourcing this at its top and running the set-up afterwards finds that Node.js once the set-up made
# it. Without .tools/node nothing changes: the machine's Node.js runs, as before.
folio_node_home="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.tools/node"
case ":$PATH:" in
  *":$folio_node_home/bin:"*) ;;
  *) export PATH="$folio_node_home/bin:$PATH" ;;
esac
# node-gyp (an npm dependency built from source) compiles against the headers of the Node.js that runs it,
# shipped beside it in .tools/node/include, rather than downloading them or taking another Node's (a user
# or global npmrc may name one in `nodedir`).
if [ -d "$folio_node_home/include/node" ]; then
  export npm_config_nodedir="$folio_node_home"
fi
