# Loupe container image: build with the official Swift 6 toolchain, run as a non-root user
# on a slim base. Every build step is also a plain command (see docs/operations.md and
# scripts/container-recipe), so the recipe is exercised on machines without Docker.

FROM swift:6.3-noble AS build
WORKDIR /src
# Sources only: Package.swift declares the test targets only when Tests/ is present, and
# .dockerignore keeps Tests/ (and .build/) out of the build context.
COPY Package.swift openapi.yaml ./
COPY Sources ./Sources
RUN swift build -c release --product loupe --static-swift-stdlib \
    && install -D "$(swift build -c release --show-bin-path)/loupe" /out/loupe

FROM ubuntu:24.04
LABEL org.opencontainers.image.title="loupe" \
      org.opencontainers.image.description="Transition plans for iOS 18 zoom transitions over HTTP" \
      org.opencontainers.image.version="0.1.0" \
      org.opencontainers.image.licenses="MIT" \
      org.opencontainers.image.source="https://example.invalid/loupe"
COPY --from=build /out/loupe /usr/local/bin/loupe
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
