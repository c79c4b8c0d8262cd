{{/*
Who may talk to whom. A service chart defines "<chart>.network":
  public: world | gateway      who reaches its public port
  internalFrom: [services]     peers that call its internal port: nothing else reaches it
                               (Prometheus reaches the metrics port, from global.networkPolicy.metricsFrom)
  calls: [{service, port: http|internal}]
  internet: true|false         outbound to public addresses (mirroring artwork, delivering webhooks)
Every pod may reach DNS and the datastores (global.networkPolicy.datastoreEgress), and the trace
collector when tracing is on (global.tracing.egressTo).
*/}}

{{- define "boardsync.internetEgress" -}}
- to:
    - ipBlock:
        cidr: 0.0.0.0/0
        except: [10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, 169.254.0.0/16, 100.64.0.0/10, 127.0.0.0/8]
    - ipBlock:
        cidr: ::/0
        except: ["fc00::/7", "fe80::/10", "::1/128"]
{{- end -}}

{{- define "boardsync.baseEgress" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
- to:
    {{- toYaml $g.networkPolicy.dnsTo | nindent 4 }}
  ports:
    - { port: 53, protocol: UDP }
    - { port: 53, protocol: TCP }
{{- with $g.networkPolicy.datastoreEgress }}
{{ toYaml . }}
{{- end }}
{{- if $g.tracing.otlpEndpoint }}
{{- with $g.tracing.egressTo }}
{{ toYaml . }}
{{- end }}
{{- end }}
{{- end -}}

{{- define "boardsync.networkPolicy" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
{{- if $g.networkPolicy.enabled -}}
{{- $net := include (printf "%s.network" .Chart.Name) . | fromYaml -}}
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: {{ include "boardsync.fullname" . }}
  namespace: {{ .Release.Namespace }}
  labels:
    {{- include "boardsync.labels" . | nindent 4 }}
spec:
  podSelector:
    matchLabels:
      {{- include "boardsync.selectorLabels" (list . "server") | nindent 6 }}
  policyTypes: [Ingress, Egress]
  ingress:
    - ports:
        - { port: http, protocol: TCP }
      {{- if ne $net.public "world" }}
      from:
        - podSelector:
            matchLabels:
              {{- include "boardsync.peerSelector" (list . "gateway") | nindent 14 }}
      {{- end }}
    {{- with $net.internalFrom }}
    - ports:
        - { port: internal, protocol: TCP }
      from:
        {{- range $peer := . }}
        - podSelector:
            matchLabels:
              {{- include "boardsync.peerSelector" (list $ $peer) | nindent 14 }}
        {{- end }}
    {{- end }}
    {{- with $g.networkPolicy.metricsFrom }}
    - ports:
        - { port: metrics, protocol: TCP }
      from:
        {{- toYaml . | nindent 8 }}
    {{- end }}
  egress:
    {{- include "boardsync.baseEgress" . | nindent 4 }}
    {{- range $call := $net.calls }}
    - to:
        - podSelector:
            matchLabels:
              {{- include "boardsync.peerSelector" (list $ $call.service) | nindent 14 }}
      ports:
        - { port: {{ $call.port }}, protocol: TCP }
    {{- end }}
    {{- if $net.internet }}
    {{- include "boardsync.internetEgress" . | nindent 4 }}
    {{- end }}
{{- end -}}
{{- end -}}

{{/*
The migration Job's pods: no ingress at all; DNS and the datastores out. A hook itself, created just
before the Job, so a namespace that denies by default lets the Job out on the first install too
(an ordinary object would only exist after the pre-install hooks). Like every hook, `helm uninstall`
leaves it behind: delete <release>-<service>-migrate NetworkPolicies by hand after an uninstall.
*/}}
{{- define "boardsync.migrateNetworkPolicy" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
{{- if and $g.networkPolicy.enabled .Values.migrations.enabled -}}
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: {{ include "boardsync.fullname" . }}-migrate
  namespace: {{ .Release.Namespace }}
  labels:
    {{- include "boardsync.labels" . | nindent 4 }}
  annotations:
    helm.sh/hook: pre-install,pre-upgrade
    helm.sh/hook-weight: "-1"
    helm.sh/hook-delete-policy: before-hook-creation
spec:
  podSelector:
    matchLabels:
      {{- include "boardsync.selectorLabels" (list . "migrate") | nindent 6 }}
  policyTypes: [Ingress, Egress]
  egress:
    {{- include "boardsync.baseEgress" . | nindent 4 }}
{{- end -}}
{{- end -}}
