{{- define "gateway.env" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
AUTH_URL: {{ include "boardsync.peerUrl" (list . "auth") }}
AUTH_INTERNAL_URL: {{ include "boardsync.peerInternalUrl" (list . "auth") }}
CATALOG_URL: {{ include "boardsync.peerUrl" (list . "catalog") }}
ASSET_URL: {{ include "boardsync.peerUrl" (list . "asset") }}
WEBHOOK_URL: {{ include "boardsync.peerUrl" (list . "webhook") }}
REDIS_KEY_PREFIX: {{ $g.prefix | quote }}
PUBLIC_BASE_URL: {{ $g.publicBaseUrl | quote }}
{{- end -}}

{{- define "gateway.secretEnv" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
- { name: INTROSPECTION_CLIENT_SECRET, secret: {{ $g.sharedSecret | quote }}, key: INTROSPECTION_CLIENT_SECRET }
- { name: REDIS_URL, secret: {{ $g.redis.secretName | quote }}, key: {{ $g.redis.secretKey | quote }} }
{{- end -}}

{{- define "gateway.network" -}}
public: world
internalFrom: []
calls:
  - { service: auth, port: http }
  - { service: auth, port: internal }
  - { service: catalog, port: http }
  - { service: asset, port: http }
  - { service: webhook, port: http }
internet: false
{{- end -}}
