# maskc for CI systems without Swift: builds the command line from this checkout on
# the official Swift image with libyaml, and ships it on a slim image.
#
#   docker build -t maskc .
#   docker run --rm -v "$PWD:/work" -w /work maskc check Policies/*.yaml
FROM swift:6.0 AS build
RUN apt-get update -qq \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libyaml-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN swift build -c release --product maskc --static-swift-stdlib

FROM ubuntu:24.04
RUN apt-get update -qq \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libyaml-0-2 \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /src/.build/release/maskc /usr/local/bin/maskc
ENTRYPOINT ["maskc"]
