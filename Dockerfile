# The Tabula application image: Daphne serving vtt.asgi:application (see docker-compose.yml).
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
RUN useradd --create-home --uid 1000 tabula

# Dependencies first, so a code change does not reinstall them.
COPY pyproject.toml ./
COPY rules ./rules
COPY vtt ./vtt
RUN pip install -e .

COPY . .
RUN mkdir -p /app/staticfiles /app/media && chown tabula:tabula /app/staticfiles /app/media

USER tabula
EXPOSE 8000
# It answers the network (a client may still say `Host: localhost`): never on the published key.
ENV VTT_NETWORK=1
# Alone, the client's address is the connection's: --proxy-headers (docker-compose.yml adds it
# behind nginx, which overwrites X-Forwarded-For) would let any client choose its own.
CMD ["daphne", "-b", "0.0.0.0", "-p", "8000", "vtt.asgi:application"]
