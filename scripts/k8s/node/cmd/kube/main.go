// kube is one binary for every Kubernetes component the rehearsal node runs, chosen by the
// name it is called under (a symlink) or by its first argument: one link step instead of six,
// the way hyperkube and k3s ship.
package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"
	_ "time/tzdata"

	_ "k8s.io/client-go/plugin/pkg/client/auth"
	"k8s.io/component-base/cli"
	"k8s.io/component-base/logs"
	_ "k8s.io/component-base/logs/json/register"
	_ "k8s.io/component-base/metrics/prometheus/clientgo"
	_ "k8s.io/component-base/metrics/prometheus/version"
	kubectl "k8s.io/kubectl/pkg/cmd"
	kubectlutil "k8s.io/kubectl/pkg/cmd/util"
	apiserver "k8s.io/kubernetes/cmd/kube-apiserver/app"
	controllermanager "k8s.io/kubernetes/cmd/kube-controller-manager/app"
	proxy "k8s.io/kubernetes/cmd/kube-proxy/app"
	scheduler "k8s.io/kubernetes/cmd/kube-scheduler/app"
	kubelet "k8s.io/kubernetes/cmd/kubelet/app"
)

var components = map[string]func() *cobra.Command{
	"kube-apiserver":          apiserver.NewAPIServerCommand,
	"kube-controller-manager": controllermanager.NewControllerManagerCommand,
	"kube-scheduler":          func() *cobra.Command { return scheduler.NewSchedulerCommand() },
	"kube-proxy":              proxy.NewProxyCommand,
	"kubelet":                 func() *cobra.Command { return kubelet.NewKubeletCommand(context.Background()) },
}

func main() {
	name := filepath.Base(os.Args[0])
	if _, known := components[name]; !known && name != "kubectl" && len(os.Args) > 1 {
		name = os.Args[1]
		os.Args = os.Args[1:]
	}
	if name == "kubectl" {
		logs.GlogSetter(kubectl.GetLogVerbosity(os.Args)) // nolint:errcheck
		if err := cli.RunNoErrOutput(kubectl.NewDefaultKubectlCommand()); err != nil {
			kubectlutil.CheckErr(err)
		}
		return
	}
	newCommand, known := components[name]
	if !known {
		fmt.Fprintln(os.Stderr, "usage: kube kube-apiserver|kube-controller-manager|kube-scheduler|kube-proxy|kubelet|kubectl [flags]")
		os.Exit(64)
	}
	os.Exit(cli.Run(newCommand()))
}
