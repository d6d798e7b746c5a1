#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The `package` test: builds the Debian package with CPack (packaging/CMakeLists.txt), checks its
# declared dependencies (dpkg-deb -I) and its file list, unpacks it with `dpkg -x` into a scratch
# root, and runs the installed hostplan-cli, hostplan-probe and hostplan from there. Where the
# kernel lets an unprivileged user namespace mount, the source and build folders are hidden
# behind empty tmpfs mounts while the installed binaries run, so a binary that still reads the
# build tree fails here; elsewhere the run is plain (and says so).
#
# Usage: check-package.sh BUILD_DIR SOURCE_DIR VERSION
#   PREBUILT_DEB=path.deb   check that package instead of building one.
# Exit codes: 0 ok, 1 a check failed (named), 77 skipped (no cpack, dpkg-deb or dpkg).
set -euo pipefail
for tool in dpkg-deb dpkg; do
    command -v "$tool" >/dev/null 2>&1 || { echo "package: skipped (no $tool)"; exit 77; }
done
build=$(readlink -f "${1:?build dir}")
src=$(readlink -f "${2:?source dir}")
version=${3:?project version}
fail() { echo "package: FAILED: $*"; exit 1; }

work=$build/package-check
rm -rf "$work"
mkdir -p "$work"
if [ -n "${PREBUILT_DEB:-}" ]; then
    deb=$PREBUILT_DEB
else
    command -v cpack >/dev/null 2>&1 || { echo "package: skipped (no cpack)"; exit 77; }
    command -v dpkg-shlibdeps >/dev/null 2>&1 ||
        { echo "package: skipped (no dpkg-shlibdeps: install dpkg-dev)"; exit 77; }
    # The build folder is already built (ctest runs after the build): CPack's preinstall step
    # finds nothing to do.
    (cd "$work" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/out") \
        >"$work/cpack.log" 2>&1 || { cat "$work/cpack.log"; fail "cpack -G DEB"; }
    deb=$(find "$work/out" -maxdepth 1 -name "hostplan_${version}_*.deb" | head -n 1)
fi
[ -f "$deb" ] || fail "no hostplan_${version}_*.deb was written"
echo "package: $deb"

# The control file: name, version, and dependencies declared (shlibdeps plus the Qt plugins).
dpkg-deb -I "$deb" | sed -n '/^ [A-Z][A-Za-z-]*:/p'
depends=$(dpkg-deb -f "$deb" Depends)
# The package names of Depends, one a line ("libc6 (>= 2.34), a | b" -> libc6, a, b).
depnames=$(tr ',|' '\n\n' <<<"$depends" | sed -E 's/\(.*\)//; s/^ +//; s/ +$//' | sed '/^$/d')
[ "$(dpkg-deb -f "$deb" Package)" = "hostplan" ] || fail "Package is not hostplan"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "Version is not $version"
need=(libc6 libstdc++6 libre2)
files=$(dpkg-deb -c "$deb" | awk '{print $6}')
has() { grep -qxF "./usr/$1" <<<"$files"; }
gui=0
has bin/hostplan && gui=1
[ $gui -eq 1 ] && need+=(libqt6core6 libqt6gui6 libqt6widgets6 libqt6charts6 qt6-qpa-plugins)
for d in "${need[@]}"; do
    # libre2 carries its ABI in the name (libre2-9 on Debian 12, libre2-10 later).
    grep -qE "^$(sed 's/[+.]/\\&/g' <<<"$d")(-[0-9]+)?$" <<<"$depnames" ||
        fail "Depends lacks $d: $depends"
done

# The files in their FHS places.
expect=(bin/hostplan-cli bin/hostplan-probe share/hostplan/gpus.json share/hostplan/prices.json
        share/hostplan/default-scenario.json share/hostplan/models/catalogue.json)
if [ $gui -eq 1 ]; then
    expect+=(bin/hostplan share/applications/org.hostplan.HostPlan.desktop
             share/icons/hicolor/scalable/apps/org.hostplan.HostPlan.svg
             share/metainfo/org.hostplan.HostPlan.metainfo.xml
             share/hostplan/translations/hostplan_de.qm)
fi
for f in "${expect[@]}"; do
    has "$f" || fail "the package lacks /usr/$f"
done

root=$(mktemp -d "${TMPDIR:-/tmp}/hostplan-root.XXXXXX")
trap 'rm -rf "$root"' EXIT
dpkg -x "$deb" "$root"
bin=$root/usr/bin
# No binary may point into the build or source tree for its libraries.
if command -v readelf >/dev/null 2>&1; then
    for b in "$bin"/*; do
        if readelf -d "$b" | grep -E 'R(UN)?PATH' | grep -qE "$build|$src"; then
            fail "$b has a RUNPATH into the build tree"
        fi
    done
fi

# The installed commands, with a clean environment: no Qt variables, no display.
cat >"$root/run-installed.sh" <<EOF
#!/usr/bin/env bash
set -euo pipefail
cd /
export PATH=$bin:/usr/bin:/bin HOME=$root LC_ALL=C.UTF-8
unset QT_QPA_PLATFORM DISPLAY WAYLAND_DISPLAY LD_LIBRARY_PATH QT_PLUGIN_PATH
echo "== hostplan-cli --version"; hostplan-cli --version
echo "== hostplan-cli plan"; hostplan-cli plan
echo "== hostplan-cli plan --model $root/usr/share/hostplan/models/Llama-3.1-8B.json --gpu h100"
# sed reads to the end: with pipefail, head's early exit made the CLI's next write fail (SIGPIPE)
# once the plan text outgrew one stdio buffer.
hostplan-cli plan --model $root/usr/share/hostplan/models/Llama-3.1-8B.json --gpu h100 | sed -n 1,3p
echo "== hostplan-cli serve-cmd --model $root/usr/share/hostplan/models/Kimi-K2-Instruct.json"
hostplan-cli serve-cmd --model $root/usr/share/hostplan/models/Kimi-K2-Instruct.json --gpu h200 |
    grep '^vllm serve'
echo "== hostplan-probe devices"; hostplan-probe devices || echo "(exit \$?: no GPU here)"
if [ -x $bin/hostplan ]; then
    echo "== hostplan --version"; hostplan --version
fi
EOF
chmod +x "$root/run-installed.sh"

hidden=""
if command -v unshare >/dev/null 2>&1 &&
    unshare --user --map-root-user --mount sh -c "mount -t tmpfs none '$src'" 2>/dev/null; then
    # Empty the source and build folders for the run (the scratch root lies outside both).
    unshare --user --map-root-user --mount bash -c \
        "mount -t tmpfs none '$src' && { [ -d '$build/CMakeFiles' ] && mount -t tmpfs none '$build' || true; } && '$root/run-installed.sh'" \
        >"$root/out.txt" 2>&1 || { cat "$root/out.txt"; fail "an installed command failed"; }
    hidden=" (source and build folders hidden)"
else
    "$root/run-installed.sh" >"$root/out.txt" 2>&1 ||
        { cat "$root/out.txt"; fail "an installed command failed"; }
    hidden=" (no user namespace here: the build tree stayed visible)"
fi
cat "$root/out.txt"
out=$(cat "$root/out.txt")
grep -qx "hostplan-cli $version" <<<"$out" || fail "hostplan-cli --version does not print $version"
grep -q "^HostPlan: Kimi K3 on 8x B300" <<<"$out" || fail "hostplan-cli plan printed no plan"
grep -q "^Fit       FITS" <<<"$out" || fail "the default plan does not fit"
grep -q "^Model     Llama-3.1-8B (llama)" <<<"$out" || fail "the installed model config did not load"
grep -q "^vllm serve moonshotai/Kimi-K2-Instruct " <<<"$out" ||
    fail "serve-cmd on the installed Kimi K2 Instruct config does not load its repository"
if [ $gui -eq 1 ]; then
    grep -qx "HostPlan $version" <<<"$out" || fail "hostplan --version does not print $version"
fi
echo "package: installed with dpkg -x and ran from $bin$hidden"
