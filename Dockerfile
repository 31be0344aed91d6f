# Loupe container image: build with the official Swift 6 toolchain, run as a non-root user
# on a slim base, with Swift's crash backtracer. scripts/container-image builds it with podman
# and scripts/container-test runs it (docs/operations.md).
#
# The base images are build arguments so the recipe can be tested where no registry is
# reachable (scripts/container-image passes local stand-ins there); production builds use
# these defaults.
ARG BUILD_IMAGE=swift:6.3-noble
ARG RUNTIME_IMAGE=ubuntu:24.04

FROM ${BUILD_IMAGE} AS build
WORKDIR /src
# Sources only: Package.swift declares the test targets only when Tests/ is present, and
# .dockerignore keeps Tests/ (and .build/) out of the build context.
COPY Package.swift openapi.yaml openapi-3.2.yaml ./
COPY Sources ./Sources
# The toolchain's statically linked backtracer goes next to the binary: the Swift runtime runs
# it when the process crashes, and it prints a symbolicated backtrace of every thread. The
# scratch directory goes, so the builder's cache keeps only /out for this step.
RUN swift build -c release --product loupe --static-swift-stdlib \
    && install -D "$(swift build -c release --show-bin-path)/loupe" /out/loupe \
    && toolchain="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")" \
    && install -D -m 0755 "$toolchain/libexec/swift/linux/swift-backtrace-static" /out/swift-backtrace-static \
    && rm -rf .build

FROM ${RUNTIME_IMAGE}
LABEL org.opencontainers.image.title="loupe" \
      org.opencontainers.image.description="Transition plans for iOS 18 zoom transitions over HTTP" \
      org.opencontainers.image.version="0.4.0" \
      org.opencontainers.image.licenses="MIT" \
      org.opencontainers.image.source="https://example.invalid/loupe"
COPY --from=build /out/loupe /usr/local/bin/loupe
COPY --from=build /out/swift-backtrace-static /usr/local/libexec/swift/swift-backtrace-static
# A crash prints a backtrace of every thread to stderr, without interaction, with symbols and
# the loaded images, and with paths sanitized (as the Vapor and Hummingbird templates set it).
ENV SWIFT_BACKTRACE=enable=yes,sanitize=yes,threads=all,images=all,interactive=no,swift-backtrace=/usr/local/libexec/swift/swift-backtrace-static
# A numeric, unprivileged user: no passwd entry is needed, and Kubernetes can verify
# runAsNonRoot from the image.
USER 10001:10001
ENV PORT=8080
EXPOSE 8080
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
    CMD ["/usr/local/bin/loupe", "healthcheck"]
ENTRYPOINT ["/usr/local/bin/loupe"]
CMD ["serve"]
