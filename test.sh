#!/bin/sh
# The tests a newcomer runs first, in under a minute on two cores:
# go test -short ./... (golden vectors, round-trip properties, and the live
# differential against each Jackson version this machine has), then a list
# of the Jackson versions whose differential was skipped, and why, which go
# test itself prints only with -v. Arguments are passed to go test (-v, -run).
# CI runs this, then the heavy sweeps: go test ./... without -short.
cd "$(dirname "$0")" || exit 1
log=$(mktemp) || exit 1
trap 'rm -f "$log"' EXIT
SMILE_SKIP_LOG=$log go test -short "$@" ./...
status=$?
if [ -s "$log" ]; then
	echo
	sort -u "$log"
	echo "(Debian's 2.7.8: apt-get install -y default-jdk-headless libjackson2-dataformat-smile;" \
		"2.18.3 and 2.19: the shared/jackson folder beside the checkout, see compat/jackson/build.sh)"
fi
exit $status
