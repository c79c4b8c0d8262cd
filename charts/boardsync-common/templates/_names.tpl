{{/*
Names and labels. Every object of a service is "<release>-<service>"; peers are found by the
same rule, so a service chart can name the Services of its peers without knowing their values.
*/}}

{{- define "boardsync.fullname" -}}
{{- include "boardsync.peer" (list . .Chart.Name) -}}
{{- end -}}

{{/* (list $ "auth") → "<release>-auth" */}}
{{- define "boardsync.peer" -}}
{{- $root := index . 0 -}}
{{- printf "%s-%s" $root.Release.Name (index . 1) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "boardsync.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/part-of: boardsync
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{/* (list $ "server"|"migrate") → the labels that select one kind of pod of this service */}}
{{- define "boardsync.selectorLabels" -}}
{{- $root := index . 0 -}}
app.kubernetes.io/name: {{ $root.Chart.Name }}
app.kubernetes.io/instance: {{ $root.Release.Name }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end -}}

{{/* (list $ "gateway") → the labels of a peer's server pods, for NetworkPolicy peers */}}
{{- define "boardsync.peerSelector" -}}
{{- $root := index . 0 -}}
app.kubernetes.io/name: {{ index . 1 }}
app.kubernetes.io/instance: {{ $root.Release.Name }}
app.kubernetes.io/component: server
{{- end -}}

{{- define "boardsync.image" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
{{- $repository := .Values.image.repository | default (printf "%s/%s" $g.image.repository .Chart.Name) -}}
{{- $reference := printf ":%s" (.Values.image.tag | default $g.image.tag | default .Chart.AppVersion) -}}
{{- with .Values.image.digest }}{{ $reference = printf "@%s" . }}{{ end -}}
{{- if $g.image.registry -}}
{{- printf "%s/%s%s" $g.image.registry $repository $reference -}}
{{- else -}}
{{- printf "%s%s" $repository $reference -}}
{{- end -}}
{{- end -}}

{{/* The ports every service listens on inside its pod. */}}
{{- define "boardsync.httpPort" -}}8080{{- end -}}
{{- define "boardsync.internalPort" -}}9090{{- end -}}
{{/* /metrics alone (METRICS_PORT): what Prometheus may reach, from its own namespace, without the internal port */}}
{{- define "boardsync.metricsPort" -}}9100{{- end -}}

{{/* (list $ "catalog") → the URL of a peer's public / internal listener */}}
{{- define "boardsync.peerUrl" -}}
{{- printf "http://%s:%s" (include "boardsync.peer" .) (include "boardsync.httpPort" .) -}}
{{- end -}}
{{- define "boardsync.peerInternalUrl" -}}
{{- printf "http://%s-internal:%s" (include "boardsync.peer" .) (include "boardsync.internalPort" .) -}}
{{- end -}}
