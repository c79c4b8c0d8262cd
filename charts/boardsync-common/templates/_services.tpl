{{/*
Three Services, one per listener, never sharing an object, so nothing routed at one reaches another:
the public listener (what the gateway, or the Ingress, reaches), the internal one (admin API,
/internal/*, readiness detail) and the scrape one (/metrics alone, for Prometheus).
*/}}
{{- define "boardsync.services" -}}
apiVersion: v1
kind: Service
metadata:
  name: {{ include "boardsync.fullname" . }}
  namespace: {{ .Release.Namespace }}
  labels:
    {{- include "boardsync.labels" . | nindent 4 }}
    app.kubernetes.io/component: server
spec:
  type: ClusterIP
  selector:
    {{- include "boardsync.selectorLabels" (list . "server") | nindent 4 }}
  ports:
    - name: http
      port: {{ include "boardsync.httpPort" . }}
      targetPort: http
      protocol: TCP
---
apiVersion: v1
kind: Service
metadata:
  name: {{ include "boardsync.fullname" . }}-internal
  namespace: {{ .Release.Namespace }}
  labels:
    {{- include "boardsync.labels" . | nindent 4 }}
    app.kubernetes.io/component: server
    boardsync.io/listener: internal
spec:
  type: ClusterIP
  selector:
    {{- include "boardsync.selectorLabels" (list . "server") | nindent 4 }}
  ports:
    - name: internal
      port: {{ include "boardsync.internalPort" . }}
      targetPort: internal
      protocol: TCP
---
apiVersion: v1
kind: Service
metadata:
  name: {{ include "boardsync.fullname" . }}-metrics
  namespace: {{ .Release.Namespace }}
  labels:
    {{- include "boardsync.labels" . | nindent 4 }}
    app.kubernetes.io/component: server
    boardsync.io/listener: metrics
spec:
  type: ClusterIP
  selector:
    {{- include "boardsync.selectorLabels" (list . "server") | nindent 4 }}
  ports:
    - name: metrics
      port: {{ include "boardsync.metricsPort" . }}
      targetPort: metrics
      protocol: TCP
{{- end -}}

{{- define "boardsync.configMap" -}}
apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ include "boardsync.fullname" . }}
  namespace: {{ .Release.Namespace }}
  labels:
    {{- include "boardsync.labels" . | nindent 4 }}
data:
  {{- include "boardsync.plainEnv" . | trim | nindent 2 }}
{{- end -}}

{{- define "boardsync.serviceAccount" -}}
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ include "boardsync.fullname" . }}
  namespace: {{ .Release.Namespace }}
  labels:
    {{- include "boardsync.labels" . | nindent 4 }}
  {{- with include "boardsync.serviceAccountAnnotations" . }}
  annotations:
    {{- . | nindent 4 }}
  {{- end }}
automountServiceAccountToken: false
{{- end -}}
