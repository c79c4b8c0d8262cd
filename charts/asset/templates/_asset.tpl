{{- define "asset.env" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
PUBLIC_BASE_URL: {{ $g.publicBaseUrl | quote }}
ASSET_PUBLIC_URL: {{ $g.assetPublicUrl | quote }}
CATALOG_INTERNAL_URL: {{ include "boardsync.peerInternalUrl" (list . "catalog") }}
S3_ENDPOINT: {{ .Values.s3.endpoint | quote }}
S3_REGION: {{ .Values.s3.region | quote }}
S3_BUCKET: {{ .Values.s3.bucket | quote }}
S3_PATH_STYLE: {{ .Values.s3.pathStyle | quote }}
SCRATCH_DIR: /tmp/asset-scratch
{{- /* sharp decodes and encodes on libuv's pool: as many threads as images in flight, plus DNS and file I/O */}}
UV_THREADPOOL_SIZE: {{ .Values.uvThreadpoolSize | quote }}
{{- end -}}

{{- define "asset.secretEnv" -}}
{{- /* No Secret: the pod's identity (IRSA's web identity token, instance metadata) signs instead. */}}
{{- with .Values.s3.credentialsSecret }}
- { name: S3_ACCESS_KEY, secret: {{ . | quote }}, key: S3_ACCESS_KEY }
- { name: S3_SECRET_KEY, secret: {{ . | quote }}, key: S3_SECRET_KEY }
{{- end }}
{{- end -}}

{{- define "asset.network" -}}
public: gateway
internalFrom: [auth]
calls:
  - { service: catalog, port: internal }
internet: true
{{- end -}}
